import { useCallback, useState } from 'react';
import { Controller, FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DecisionDetails, ResultsVisibility } from '../../../shared/api/decisions.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Card } from '../../components/ui/Card.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { TextAreaField, TextField } from '../../components/ui/TextField.tsx';
import { ApiError, serverMessageOf } from '../../lib/api-client.ts';
import { translateFieldError } from '../../lib/form-errors.ts';
import { useTeamAiRecommendation } from '../ai/ai-api.ts';
import { ModeSelectField } from '../ai/ModeSelectField.tsx';
import { DraftNotice } from '../drafts/DraftNotice.tsx';
import { useFormDraft } from '../drafts/useFormDraft.ts';
import { ChangedElsewhereNotice } from './ChangedElsewhereNotice.tsx';
import { DeadlineField } from './DeadlineField.tsx';
import { SaveCriteriaToWorkspace } from '../workspaces/SaveCriteriaToWorkspace.tsx';
import { SaveBar } from './SaveBar.tsx';
import { TeamAiSection } from './TeamAiSection.tsx';
import { TeamFactsCard } from './TeamFactsCard.tsx';
import { TeamListsCards } from './TeamListsCards.tsx';
import { ResultsVisibilityField } from './ResultsVisibilityField.tsx';
import { useChangeTeamMode, useSaveTeamEdit, useSetDeadline } from './team-api.ts';
import {
  aiRequestFrom,
  hasDuplicateRows,
  setupRequestFrom,
  setupValuesFrom,
  type TeamSetupValues,
} from './team-form-model.ts';
import { criterionFieldErrors } from './name-rows.ts';
import { refusalNotice } from './team-refusals.ts';
import {
  deadlineProblemOf,
  isSetupBlocked,
  savedNoticesOf,
  setupChangesOf,
  type SetupSaveOutcome,
  type TeamAiPhase,
} from './team-setup-model.ts';
import { NOTICE_MS, toastFor } from './team-toast.ts';
import { useServerBackedForm } from './useServerBackedForm.ts';

interface TeamSetupFormProps {
  details: DecisionDetails;
  now: number;
  /** Voting ended: everything stays visible, nothing can change, no Save and no AI run. */
  isLocked: boolean;
}

/** SPEC.md section 4: after a successful AI run the user goes to the team view after 1.2 s. */
const AI_REDIRECT_MS = 1200;

const headingClasses = 'mb-2 text-lg font-semibold text-slate-900 dark:text-white';

/**
 * "Set up" (owner and admin): title, description, mode, deadline, options and criteria with their
 * default weights, and one Save. The mode and the deadline go through their own calls (each with
 * SPEC's notice), the rest in one request; in AI mode the AI run starts from here.
 */
export function TeamSetupForm({ details, now, isLocked }: TeamSetupFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { decision } = details;
  const saveEdit = useSaveTeamEdit(decision.id);
  const changeMode = useChangeTeamMode(decision);
  const setDeadline = useSetDeadline(decision.id);
  const askAi = useTeamAiRecommendation(decision.id);
  const [aiPhase, setAiPhase] = useState<TeamAiPhase>({ kind: 'idle' });
  const [isAiConfirmOpen, setIsAiConfirmOpen] = useState(false);
  const valuesOf = useCallback((from: DecisionDetails) => setupValuesFrom(from), []);
  const form = useForm<TeamSetupValues>({ defaultValues: valuesOf(details) });
  const { control, getValues, trigger, setFocus, setError, handleSubmit, formState } = form;
  const server = useServerBackedForm(form, details, valuesOf);
  const draft = useFormDraft(form, { page: 'team-setup', decisionId: decision.id });
  const [options, criteria, mode] = useWatch({ control, name: ['options', 'criteria', 'mode'] });

  const isSaving = saveEdit.isPending || changeMode.isPending || setDeadline.isPending;
  const hasDuplicates = hasDuplicateRows({ options, criteria });
  const isBlocked = isSetupBlocked({ isLocked, isSaving, aiPhase, hasDuplicates });

  /** Mode, then deadline, then the rest with the visibility: the last answer then holds them all. */
  async function saveSetup(values: TeamSetupValues): Promise<SetupSaveOutcome> {
    const changes = setupChangesOf(values, setupValuesFrom(details));
    const { changedMode, changedDeadline, changedVisibility, timer } = changes;
    const deadlineProblem = deadlineProblemOf(values.deadline, changes, now);
    if (deadlineProblem) {
      setError('deadline', { message: t(deadlineProblem) });
      return { kind: 'invalid' };
    }
    try {
      if (changedMode) await changeMode.mutateAsync(values.mode);
    } catch (error) {
      return {
        kind: 'failed',
        notice: t('teamEdit.modeFailed'),
        reason: serverMessageOf(error) ?? undefined,
      };
    }
    try {
      if (changedDeadline) await setDeadline.mutateAsync(timer);
    } catch (error) {
      if (error instanceof ApiError && error.fields.timer)
        setError('deadline', { message: translateFieldError(t, error.fields.timer) });
      return {
        kind: 'failed',
        notice: t('teamEdit.deadlineFailed'),
        reason: serverMessageOf(error) ?? undefined,
      };
    }
    try {
      // The visibility travels with the rest (issue 27): one request, refused whole (409) if looser.
      const request = setupRequestFrom(values);
      if (changedVisibility) request.results_visibility = values.resultsVisibility;
      server.continueFrom(await saveEdit.mutateAsync(request));
      return { kind: 'saved', changedMode, changedDeadline, changedVisibility };
    } catch (error) {
      if (error instanceof ApiError) {
        for (const { path, message } of criterionFieldErrors(error.fields, values.criteria))
          setError(path, { type: 'server', message });
      }
      const notice = refusalNotice(error, 'setup');
      return notice
        ? { kind: 'failed', notice: t(notice), reason: undefined }
        : { kind: 'failed', notice: t('teamEdit.saveFailed'), reason: serverMessageOf(error) ?? undefined };
    }
  }

  const save = handleSubmit(async (values) => {
    if (isBlocked) return;
    const outcome = await saveSetup(values);
    if (outcome.kind === 'failed') toastFor('error', outcome.notice, NOTICE_MS.long, outcome.reason);
    if (outcome.kind !== 'saved') return;
    draft.forget();
    for (const notice of savedNoticesOf(outcome)) toastFor('success', t(notice.key), notice.durationMs);
  });

  /** SPEC.md section 4: save everything first, then ask the AI; on success the team view after 1.2 s. */
  async function startAi() {
    setIsAiConfirmOpen(false);
    if (isBlocked) return;
    if (!(await trigger('name'))) return setFocus('name');
    const values = getValues();
    if (!values.description.trim()) {
      setAiPhase({ kind: 'failed', reason: t('ai.needsDescription') });
      return;
    }
    setAiPhase({ kind: 'running' });
    const outcome = await saveSetup(values);
    if (outcome.kind !== 'saved') {
      setAiPhase({ kind: 'idle' });
      if (outcome.kind === 'failed')
        toastFor('error', t('teamEdit.aiSaveFailed'), NOTICE_MS.long, outcome.reason);
      return;
    }
    try {
      await askAi.mutateAsync(aiRequestFrom(values));
      setAiPhase({ kind: 'succeeded' });
      toastFor('success', t('teamEdit.aiSucceeded'), NOTICE_MS.long);
      window.setTimeout(() => void navigate(`/team-decision/${decision.id}`), AI_REDIRECT_MS);
    } catch (error) {
      const reason =
        serverMessageOf(error) ?? (error instanceof Error ? error.message : t('common.unexpectedError'));
      setAiPhase({ kind: 'failed', reason });
      toastFor('error', t('teamEdit.aiFailed'), NOTICE_MS.long, reason);
    }
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-6">
        <DraftNotice draft={draft} />
        {/* While saving, the answers of the mode and deadline calls arrive before the form continues. */}
        {server.isChangedElsewhere && !isSaving && aiPhase.kind !== 'running' ? (
          <ChangedElsewhereNotice onLoadLatest={server.loadLatest} />
        ) : null}
        <SetupDetailsCard isLocked={isLocked} />
        <SetupSettingsCard
          isLocked={isLocked}
          now={now}
          visibilityLockedFrom={details.resultsVisibilityLocked ? decision.results_visibility : null}
        />
        <TeamListsCards leadsFrom="teamEdit" isDisabled={isLocked} showImportance />
        <TeamFactsCard details={details} isLocked={isLocked} />
        {/* Issue 29: the criteria as a shared set of a workspace the user manages. */}
        <SaveCriteriaToWorkspace
          getCriteria={() => getValues('criteria')}
          getDefaultName={() => getValues('name')}
        />
        {mode === 'ai' && !isLocked ? (
          <TeamAiSection phase={aiPhase} isDisabled={isBlocked} onStart={() => setIsAiConfirmOpen(true)} />
        ) : null}
        {isLocked ? null : (
          <SaveBar
            isSaving={isSaving}
            isDisabled={isBlocked}
            isDirty={formState.isDirty}
            problem={hasDuplicates ? t('team.duplicatesBlock') : undefined}
          />
        )}
        <ConfirmDialog
          isOpen={isAiConfirmOpen}
          title={t('teamEdit.aiConfirmTitle')}
          message={t('teamEdit.aiConfirm')}
          confirmLabel={t('teamEdit.startAi')}
          onConfirm={() => void startAi()}
          onCancel={() => setIsAiConfirmOpen(false)}
        />
      </form>
    </FormProvider>
  );
}

/** Title and description. */
function SetupDetailsCard({ isLocked }: { isLocked: boolean }) {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<TeamSetupValues>();
  return (
    <Card className="flex flex-col gap-2">
      <h2 className={headingClasses}>{t('teamEdit.detailsHeading')}</h2>
      <TextField
        id="edit-title"
        label={t('team.title')}
        required
        maxLength={LIMITS.decision.nameMax}
        disabled={isLocked}
        error={translateFieldError(t, formState.errors.name?.message)}
        {...register('name', { validate: (name) => name.trim() !== '' || 'validation.titleRequired' })}
      />
      <TextAreaField
        label={t('team.description')}
        rows={3}
        maxLength={LIMITS.decision.descriptionMax}
        disabled={isLocked}
        {...register('description')}
      />
    </Card>
  );
}

/** Mode and deadline (each saved through its own call) and results visibility (with the team edit). */
function SetupSettingsCard({
  isLocked,
  now,
  visibilityLockedFrom,
}: {
  isLocked: boolean;
  now: number;
  visibilityLockedFrom: ResultsVisibility | null;
}) {
  const { t } = useTranslation();
  const { control, register, clearErrors } = useFormContext<TeamSetupValues>();
  return (
    <Card>
      <section aria-labelledby="settings-heading" className="flex flex-col gap-2">
        <h2 id="settings-heading" className={headingClasses}>
          {t('teamEdit.settings')}
        </h2>
        <div className="grid gap-x-6 gap-y-2 md:grid-cols-2 [&>*]:min-w-0">
          <ModeSelectField
            label={t('team.mode')}
            hint={t('team.modeHint')}
            manualLabel={t('team.modeManual')}
            aiLabel={t('team.modeAi')}
            disabled={isLocked}
            {...register('mode')}
          />
          <Controller
            control={control}
            name="deadline"
            render={({ field, fieldState }) => (
              <DeadlineField
                id="edit-deadline"
                value={field.value}
                now={now}
                error={fieldState.error?.message}
                isDisabled={isLocked}
                onChange={(value) => {
                  clearErrors('deadline');
                  field.onChange(value);
                }}
              />
            )}
          />
        </div>
        <Controller
          control={control}
          name="resultsVisibility"
          render={({ field }) => (
            <ResultsVisibilityField
              value={field.value}
              onChange={field.onChange}
              isDisabled={isLocked}
              lockedFrom={visibilityLockedFrom}
            />
          )}
        />
      </section>
    </Card>
  );
}
