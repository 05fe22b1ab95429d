import { useState } from 'react';
import { Controller, FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRight, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { TextAreaField, TextField } from '../../components/ui/TextField.tsx';
import { ApiError, serverMessageOf } from '../../lib/api-client.ts';
import { translateFieldError } from '../../lib/form-errors.ts';
import { useNow } from '../../lib/use-now.ts';
import { ModeSelectField } from '../ai/ModeSelectField.tsx';
import { TemplatePicker } from '../templates/TemplatePicker.tsx';
import { useWorkspaceChoice } from '../workspaces/useWorkspaceChoice.ts';
import { DeadlineField } from './DeadlineField.tsx';
import { criterionFieldErrors } from './name-rows.ts';
import {
  createRequestFrom,
  emptyNewTeamDecision,
  hasDuplicateNames,
  hasTypedContent,
  newTeamDecisionFormSchema,
  preselectedWorkspaceId,
  TEAM_SCALE,
  withTemplate,
  workspaceOptionsOf,
  type NewTeamDecisionValues,
} from './new-team-decision-model.ts';
import { ResultsVisibilityField } from './ResultsVisibilityField.tsx';
import { useCreateTeamDecision } from './team-api.ts';
import { TeamListsCards } from './TeamListsCards.tsx';
import { WorkspaceField } from './WorkspaceField.tsx';

/** /new-team-decision: title (required), deadline, mode, description and optional options and criteria. */
export function NewTeamDecisionForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow(30_000);
  const create = useCreateTeamDecision();
  const [failure, setFailure] = useState<string | null>(null);
  // Issue 29: the workspace the decision belongs to; untouched, it follows the navbar's switcher.
  const { choice: switcherChoice, workspaces } = useWorkspaceChoice();
  const workspaceOptions = workspaceOptionsOf(workspaces);
  const [pickedWorkspace, setPickedWorkspace] = useState<number | 'none' | null>(null);
  const workspaceId =
    pickedWorkspace === null
      ? preselectedWorkspaceId(switcherChoice, workspaceOptions)
      : pickedWorkspace === 'none'
        ? null
        : pickedWorkspace;
  const workspace = workspaceOptions.find((option) => option.id === workspaceId) ?? null;
  const form = useForm<NewTeamDecisionValues>({
    // raw: the request below is built from the values as typed.
    resolver: zodResolver(newTeamDecisionFormSchema, undefined, { raw: true }),
    defaultValues: emptyNewTeamDecision(),
    shouldFocusError: false,
  });
  const {
    control,
    register,
    reset,
    getValues,
    setError,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const [options, criteria] = useWatch({ control, name: ['options', 'criteria'] });
  const hasDuplicates = hasDuplicateNames({ options, criteria });

  const submit = handleSubmit(
    async (values) => {
      if (hasDuplicates) return;
      setFailure(null);
      try {
        const request = createRequestFrom(values);
        const decision = await create.mutateAsync(
          workspace ? { ...request, workspace_id: workspace.id } : request,
        );
        if (!decision || typeof decision.id !== 'number') {
          setFailure(t('team.noDecisionId'));
          return;
        }
        // A workspace's members take part without invitations: straight to the decision, where it is
        // activated; outsiders can still be invited from there.
        await navigate(workspace ? `/team-decision/${decision.id}` : `/team-invite/${decision.id}`);
      } catch (error) {
        if (error instanceof ApiError) {
          if (error.fields.name) setError('name', { type: 'server', message: error.fields.name });
          if (error.fields.timer) setError('deadline', { type: 'server', message: error.fields.timer });
          for (const { path, message } of criterionFieldErrors(error.fields, values.criteria))
            setError(path, { type: 'server', message });
        }
        setFailure(serverMessageOf(error) ?? t('team.createFailed'));
      }
    },
    (invalid: FieldErrors<NewTeamDecisionValues>) => {
      setFailure(null);
      document.getElementById(invalid.name ? 'team-title' : 'team-deadline')?.focus();
    },
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
        <TemplatePicker
          scale={TEAM_SCALE}
          hasContent={() => hasTypedContent(getValues())}
          onUse={(template) => reset(withTemplate(getValues(), template))}
        />
        <Card className="flex flex-col gap-2">
          <TextField
            id="team-title"
            label={t('team.title')}
            required
            maxLength={LIMITS.decision.nameMax}
            autoComplete="off"
            error={translateFieldError(t, errors.name?.message)}
            {...register('name')}
          />
          <div className="grid gap-x-6 gap-y-2 md:grid-cols-2 [&>*]:min-w-0">
            <Controller
              control={control}
              name="deadline"
              render={({ field }) => (
                <DeadlineField
                  id="team-deadline"
                  value={field.value}
                  onChange={field.onChange}
                  now={now}
                  error={translateFieldError(t, errors.deadline?.message)}
                />
              )}
            />
            <ModeSelectField
              label={t('team.mode')}
              hint={t('team.modeHint')}
              manualLabel={t('team.modeManual')}
              aiLabel={t('team.modeAi')}
              {...register('mode')}
            />
          </div>
          <TextAreaField
            label={t('team.description')}
            rows={4}
            maxLength={LIMITS.decision.descriptionMax}
            {...register('description')}
          />
          <Controller
            control={control}
            name="results_visibility"
            render={({ field }) => (
              <ResultsVisibilityField value={field.value ?? 'always'} onChange={field.onChange} />
            )}
          />
        </Card>

        <WorkspaceField options={workspaceOptions} workspace={workspace} onPick={setPickedWorkspace} />

        <TeamListsCards leadsFrom="team" />

        <p className="flex items-start gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100">
          <Info aria-hidden size={18} className="mt-0.5 shrink-0" />
          {t('team.optionalNote')}
        </p>

        <div className="flex flex-col gap-2">
          {hasDuplicates ? (
            <p className="text-sm text-red-700 dark:text-red-400">{t('team.duplicatesBlock')}</p>
          ) : null}
          <Button type="submit" size="lg" className="self-start" disabled={isSubmitting || hasDuplicates}>
            {isSubmitting
              ? t('team.creating')
              : workspace
                ? t('workspaces.teamForm.create')
                : t('team.continue')}
            <ArrowRight aria-hidden size={18} />
          </Button>
          <StatusLine tone="error" message={failure} />
        </div>
      </form>
    </FormProvider>
  );
}
