import { useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { CreateDecisionRequest } from '../../../shared/api/decisions.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { duplicatePositions } from '../../lib/matrix-model.ts';
import type { DraftAddress } from '../drafts/draft-storage.ts';
import { DraftNotice } from '../drafts/DraftNotice.tsx';
import { useFormDraft } from '../drafts/useFormDraft.ts';
import { useIsAiUnavailable } from '../ai/ai-api.ts';
import { DecisionAiPanel } from './DecisionAiPanel.tsx';
import { CriteriaSection } from './CriteriaSection.tsx';
import { decisionFormSchema, toDecisionRequest, type DecisionFormValues } from './decision-form-model.ts';
import { firstStepWithError } from './decision-form-steps.ts';
import {
  DecisionStepButtons,
  DecisionStepIndicator,
  DuplicatesAlert,
  SaveButtons,
} from './DecisionSteps.tsx';
import { SaveCriteriaToWorkspace } from '../workspaces/SaveCriteriaToWorkspace.tsx';
import { MoreSettingsPanel, MoreSettingsToggle } from './MoreSettingsPanel.tsx';
import { OptionsSection } from './OptionsSection.tsx';
import { QuestionFields } from './QuestionFields.tsx';
import { SavingOverlay } from './SavingOverlay.tsx';
import { ScoreGridSection } from './ScoreGridSection.tsx';
import { defaultScoresView, ScoresInView, type ScoresView } from './ScoresViewToggle.tsx';
import { useDecisionSteps } from './useDecisionSteps.ts';

interface DecisionFormProps {
  initialValues: DecisionFormValues;
  submitLabel: string;
  cancelTo: string;
  /**
   * New decisions: one step at a time (question, options, criteria, scores) with templates and the
   * comparison demo under "More settings". Without it every section shows at once (Edit).
   */
  isGuided?: boolean;
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

const hasRepeatedName = (rows: readonly { name: string }[]) =>
  duplicatePositions(rows.map((row) => row.name)).size > 0;

/** SPEC's fill-out-all-fields alert when something is missing, else the general one. */
function invalidMessageKey(invalid: FieldErrors<DecisionFormValues>) {
  return hasMessage(invalid, 'validation.required')
    ? 'decisionForm.fillOutAllFields'
    : 'errors.VALIDATION_FAILED';
}

/** Whether a criterion's error sits in a field that only "More settings" shows (must-have, anchors). */
function hasAdvancedError(errors: FieldErrors<DecisionFormValues>): boolean {
  return (errors.criteria ?? []).some?.((row) => Boolean(row?.minimum || row?.anchors)) ?? false;
}

export function DecisionForm({
  initialValues,
  submitLabel,
  cancelTo,
  isGuided = false,
  onSubmit,
  draftAddress,
}: DecisionFormProps) {
  const { t } = useTranslation();
  // Own flag rather than isSubmitting: the overlay covers the request, not the instant validation.
  const [isSaving, setIsSaving] = useState(false);
  const form = useForm<DecisionFormValues>({
    resolver: zodResolver(decisionFormSchema),
    defaultValues: initialValues,
  });
  const draft = useFormDraft(form, draftAddress);
  const { control, setError, handleSubmit } = form;
  const [options, criteria, mode, scores] = useWatch({
    control,
    name: ['options', 'criteria', 'mode', 'scores'],
  });
  const [showsMore, setShowsMore] = useState(false);
  const [scoresView, setScoresView] = useState<ScoresView>(defaultScoresView);
  // The AI runs once: stored reasons mean it already ran for this decision.
  const [aiRun, setAiRun] = useState(() => ({
    hasRun: Object.values(initialValues.explanations).some((explanation) => Boolean(explanation)),
    missingCount: 0,
  }));
  const isAiUnavailable = useIsAiUnavailable();
  const hasAnyScore = Object.values(scores).some(Boolean);
  const hasOptionDuplicates = hasRepeatedName(options);
  const hasCriterionDuplicates = hasRepeatedName(criteria);
  const hasDuplicates = hasOptionDuplicates || hasCriterionDuplicates;

  const steps = useDecisionSteps(form, {
    isGuided,
    isDuplicated: (step) =>
      (step === 'options' && hasOptionDuplicates) || (step === 'criteria' && hasCriterionDuplicates),
    onInvalid: (errors) => {
      if (hasAdvancedError(errors)) setShowsMore(true);
      // A repeated name alone has its own alert beside the rows.
      if (Object.keys(errors).length) notify('error', t(invalidMessageKey(errors)));
    },
  });
  const { step } = steps;

  const save = handleSubmit(
    async (values) => {
      setIsSaving(true);
      try {
        await draft.saving(() => onSubmit(toDecisionRequest(values)));
      } catch (error) {
        if (!(error instanceof ApiError)) return;
        const fields = Object.keys(error.fields).filter((field) => SERVER_FIELD.test(field));
        for (const field of fields) {
          setError(field as FieldPath<DecisionFormValues>, { type: 'server', message: error.fields[field] });
        }
        if (isGuided) steps.showStep(firstStepWithError(fields));
      } finally {
        setIsSaving(false);
      }
    },
    (invalid: FieldErrors<DecisionFormValues>) => {
      if (isGuided) steps.showStep(firstStepWithError(Object.keys(invalid)));
      if (hasAdvancedError(invalid)) setShowsMore(true);
      notify('error', t(invalidMessageKey(invalid)));
    },
  );

  function submitForm(event: FormEvent<HTMLFormElement>) {
    if (isGuided && step !== 'scores') {
      event.preventDefault();
      void steps.goNext();
    } else void save(event);
  }

  const showsScores = mode === 'manual' || aiRun.hasRun || hasAnyScore || isAiUnavailable;
  const aiPanel =
    mode === 'ai' ? (
      <DecisionAiPanel {...aiRun} onCompleted={(missingCount) => setAiRun({ hasRun: true, missingCount })} />
    ) : null;
  const duplicatesAlert = hasDuplicates ? <DuplicatesAlert /> : null;
  const moreSettings = (
    <MoreSettingsToggle isOpen={showsMore} onToggle={() => setShowsMore((isOpen) => !isOpen)} />
  );
  const moreSettingsPanel = showsMore ? <MoreSettingsPanel allowsStartingPoints={isGuided} /> : null;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submitForm} aria-busy={isSaving} className="flex flex-col gap-6">
        <DraftNotice draft={draft} />
        {isGuided ? (
          <>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <DecisionStepIndicator step={step} />
              {moreSettings}
            </div>
            {moreSettingsPanel}
            {step === 'question' ? <QuestionFields /> : null}
            {step === 'options' ? <OptionsSection showsAdvanced={showsMore} /> : null}
            {step === 'criteria' ? <CriteriaSection showsAdvanced={showsMore} isRanked /> : null}
            {step === 'scores' ? (
              <>
                {aiPanel}
                {showsScores ? <ScoresInView view={scoresView} onViewChange={setScoresView} /> : null}
              </>
            ) : null}
            {(step === 'options' && hasOptionDuplicates) ||
            (step === 'criteria' && hasCriterionDuplicates) ||
            step === 'scores'
              ? duplicatesAlert
              : null}
            <DecisionStepButtons
              step={step}
              submitLabel={submitLabel}
              cancelTo={cancelTo}
              isSaving={isSaving}
              isSaveBlocked={hasDuplicates}
              onBack={steps.goBack}
            />
          </>
        ) : (
          <>
            <div className="flex justify-end">{moreSettings}</div>
            {moreSettingsPanel}
            <QuestionFields />
            <div className="grid gap-6 lg:grid-cols-2">
              <OptionsSection showsAdvanced={showsMore} />
              <CriteriaSection showsAdvanced={showsMore} />
            </div>
            {/* Issue 29: the criteria as a shared set of a workspace the user manages. */}
            <SaveCriteriaToWorkspace
              getCriteria={() => form.getValues('criteria')}
              getDefaultName={() => form.getValues('name')}
            />
            {aiPanel}
            {/* SPEC: in AI mode the grid appears once the AI has filled it (or scores already exist);
                without an AI model on the server it stays, so the decision can be scored by hand. */}
            {showsScores ? <ScoreGridSection /> : null}
            {duplicatesAlert}
            <SaveButtons
              submitLabel={submitLabel}
              cancelTo={cancelTo}
              isDisabled={hasDuplicates || isSaving}
            />
          </>
        )}
      </form>
      {isSaving ? <SavingOverlay text={t('decisionForm.saving')} /> : null}
    </FormProvider>
  );
}
