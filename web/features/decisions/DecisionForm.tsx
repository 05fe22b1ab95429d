import { useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lightbulb, Save } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CreateDecisionRequest } from '../../../shared/api/decisions.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { TextAreaField, TextField } from '../../components/ui/TextField.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { translateFieldError } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { useIsAiUnavailable } from './decisions-api.ts';
import { ModeSelectField } from '../ai/ModeSelectField.tsx';
import { TemplatePicker } from '../templates/TemplatePicker.tsx';
import { duplicatePositions } from '../../lib/matrix-model.ts';
import type { DraftAddress } from '../drafts/draft-storage.ts';
import { DraftNotice } from '../drafts/DraftNotice.tsx';
import { useFormDraft } from '../drafts/useFormDraft.ts';
import { DecisionAiPanel } from './DecisionAiPanel.tsx';
import { CriteriaSection } from './CriteriaSection.tsx';
import {
  decisionFormSchema,
  exampleDecisionForm,
  hasDecisionContent,
  PERSONAL_SCALE,
  templateDecisionForm,
  toDecisionRequest,
  type DecisionFormValues,
} from './decision-form-model.ts';
import { OptionsSection } from './OptionsSection.tsx';
import { SavingOverlay } from './SavingOverlay.tsx';
import { ScoreGridSection } from './ScoreGridSection.tsx';

interface DecisionFormProps {
  initialValues: DecisionFormValues;
  submitLabel: string;
  cancelTo: string;
  /** Offers SPEC's comparison demo as a starting point (new decisions only). */
  allowExample?: boolean;
  /** Offers the decision templates as starting points (new decisions only). */
  allowTemplates?: boolean;
  /** Saves the decision; a thrown ApiError's field messages are shown next to the matching inputs. */
  onSubmit: (request: CreateDecisionRequest) => Promise<void>;
  /** Where unsaved input is kept until it is saved (the signed-in user is added). */
  draftAddress: Omit<DraftAddress, 'userId'>;
}

const SERVER_FIELD =
  /^(name|description|(options|criteria)\.\d+\.name|criteria\.\d+\.(importance|minimum|anchors\.(low|high)))$/;

function hasMessage(errors: unknown, message: string): boolean {
  if (typeof errors !== 'object' || errors === null) return false;
  if ('message' in errors && errors.message === message) return true;
  return Object.entries(errors).some(([key, child]) => key !== 'ref' && hasMessage(child, message));
}

export function DecisionForm({
  initialValues,
  submitLabel,
  cancelTo,
  allowExample,
  allowTemplates,
  onSubmit,
  draftAddress,
}: DecisionFormProps) {
  const { t } = useTranslation();
  const [isExampleDialogOpen, setIsExampleDialogOpen] = useState(false);
  // Own flag rather than isSubmitting: the overlay covers the request, not the instant validation.
  const [isSaving, setIsSaving] = useState(false);
  const form = useForm<DecisionFormValues>({
    resolver: zodResolver(decisionFormSchema),
    defaultValues: initialValues,
  });
  const draft = useFormDraft(form, draftAddress);
  const {
    control,
    register,
    reset,
    getValues,
    setError,
    handleSubmit,
    formState: { errors },
  } = form;
  const [options, criteria, mode, scores] = useWatch({
    control,
    name: ['options', 'criteria', 'mode', 'scores'],
  });
  // The AI runs once: stored reasons mean it already ran for this decision.
  const [hasAiRun, setHasAiRun] = useState(() =>
    Object.values(initialValues.explanations).some((explanation) => Boolean(explanation)),
  );
  const [aiMissingCount, setAiMissingCount] = useState(0);
  const isAiUnavailable = useIsAiUnavailable();
  const hasAnyScore = Object.values(scores).some(Boolean);
  const hasDuplicates =
    duplicatePositions(options.map((option) => option.name)).size > 0 ||
    duplicatePositions(criteria.map((criterion) => criterion.name)).size > 0;

  const submit = handleSubmit(
    async (values) => {
      setIsSaving(true);
      try {
        await draft.saving(() => onSubmit(toDecisionRequest(values)));
      } catch (error) {
        if (!(error instanceof ApiError)) return;
        for (const [field, message] of Object.entries(error.fields)) {
          if (SERVER_FIELD.test(field)) {
            setError(field as FieldPath<DecisionFormValues>, { type: 'server', message });
          }
        }
      } finally {
        setIsSaving(false);
      }
    },
    (invalid: FieldErrors<DecisionFormValues>) => {
      notify(
        'error',
        hasMessage(invalid, 'validation.required')
          ? t('decisionForm.fillOutAllFields')
          : t('errors.VALIDATION_FAILED'),
      );
    },
  );

  function loadExample() {
    setIsExampleDialogOpen(false);
    reset(exampleDecisionForm(t, getValues()));
    notify('success', t('decisionForm.example.loaded'));
  }

  function requestExample() {
    const values = getValues();
    const hasContent =
      values.options.some((option) => option.name.trim()) ||
      values.criteria.some((criterion) => criterion.name.trim()) ||
      Object.values(values.scores).some(Boolean);
    if (hasContent) setIsExampleDialogOpen(true);
    else loadExample();
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} aria-busy={isSaving} className="flex flex-col gap-6">
        <DraftNotice draft={draft} />
        {allowTemplates ? (
          <TemplatePicker
            scale={PERSONAL_SCALE}
            hasContent={() => hasDecisionContent(getValues())}
            onUse={(template) => reset(templateDecisionForm(template, getValues()))}
          />
        ) : null}
        {allowExample ? (
          <Card tone="indigo" className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <Lightbulb aria-hidden size={28} className="shrink-0 text-indigo-600 dark:text-indigo-300" />
            <div className="flex-1">
              <p className="font-semibold text-slate-900 dark:text-white">
                {t('decisionForm.example.title')}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300">{t('decisionForm.example.text')}</p>
            </div>
            <Button variant="secondary" onClick={requestExample} className="self-start sm:self-center">
              {t('decisionForm.example.load')}
            </Button>
          </Card>
        ) : null}

        <Card className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField
              label={t('decisionForm.title')}
              required
              maxLength={LIMITS.decision.nameMax}
              error={translateFieldError(t, errors.name?.message)}
              {...register('name')}
            />
          </div>
          <div className="sm:col-span-2">
            <TextAreaField
              label={t('decisionForm.description')}
              rows={3}
              maxLength={LIMITS.decision.descriptionMax}
              error={translateFieldError(t, errors.description?.message)}
              {...register('description')}
            />
          </div>
          <ModeSelectField
            label={t('decisionForm.mode')}
            hint={t('decisionForm.modeHint')}
            manualLabel={t('decision.mode.manual')}
            aiLabel={t('decision.mode.ai')}
            {...register('mode')}
          />
          <SelectField label={t('decisionForm.type')} hint={t('decisionForm.typeHint')} {...register('type')}>
            <option value="private">{t('decision.type.private')}</option>
            <option value="public">{t('decision.type.public')}</option>
          </SelectField>
        </Card>

        <div className="grid gap-6 lg:grid-cols-2">
          <OptionsSection />
          <CriteriaSection />
        </div>

        {mode === 'ai' ? (
          <DecisionAiPanel
            hasRun={hasAiRun}
            missingCount={aiMissingCount}
            onCompleted={(missingCount) => {
              setAiMissingCount(missingCount);
              setHasAiRun(true);
            }}
          />
        ) : null}
        {/* SPEC: in AI mode the grid appears once the AI has filled it (or scores already exist);
            without an AI model on the server it stays, so the decision can be scored by hand. */}
        {mode === 'manual' || hasAiRun || hasAnyScore || isAiUnavailable ? <ScoreGridSection /> : null}

        <div className="flex flex-col gap-3">
          {hasDuplicates ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {t('decisionForm.duplicatesBlockSave')}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" size="lg" disabled={hasDuplicates || isSaving}>
              <Save aria-hidden size={18} />
              {submitLabel}
            </Button>
            <ButtonLink to={cancelTo} variant="ghost" size="lg">
              {t('common.cancel')}
            </ButtonLink>
          </div>
        </div>
      </form>

      {isSaving ? <SavingOverlay text={t('decisionForm.saving')} /> : null}
      <ConfirmDialog
        isOpen={isExampleDialogOpen}
        title={t('decisionForm.example.title')}
        message={t('decisionForm.example.replaceConfirm')}
        confirmLabel={t('decisionForm.example.load')}
        onConfirm={loadExample}
        onCancel={() => setIsExampleDialogOpen(false)}
      />
    </FormProvider>
  );
}
