import { ArrowLeft, ArrowRight, Save } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { DECISION_STEPS, type DecisionStep } from './decision-form-steps.ts';

/** "Step 2 of 4: Options" with every step listed; the current one is marked (aria-current). */
export function DecisionStepIndicator({ step }: { step: DecisionStep }) {
  const { t } = useTranslation();
  const current = DECISION_STEPS.indexOf(step);
  return (
    <nav aria-label={t('decisionForm.guided.stepsLabel')} className="flex flex-col gap-2">
      <p id="decision-step-status" className="font-semibold text-slate-900 dark:text-white">
        {t('decisionForm.guided.stepOf', {
          number: current + 1,
          count: DECISION_STEPS.length,
          name: t(`decisionForm.guided.steps.${step}`),
        })}
      </p>
      <ol className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
        {DECISION_STEPS.map((each, index) => (
          <li
            key={each}
            aria-current={each === step ? 'step' : undefined}
            className={`flex items-center gap-1 ${
              each === step
                ? 'font-semibold text-indigo-700 dark:text-indigo-300'
                : index < current
                  ? 'text-slate-700 dark:text-slate-300'
                  : 'text-slate-500 dark:text-slate-400'
            }`}
          >
            <span
              aria-hidden
              className={`flex size-5 items-center justify-center rounded-full text-xs tabular-nums ${
                each === step
                  ? 'bg-indigo-600 text-white dark:bg-indigo-400 dark:text-slate-950'
                  : 'bg-slate-200 dark:bg-slate-700'
              }`}
            >
              {index + 1}
            </span>
            {t(`decisionForm.guided.steps.${each}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}

interface DecisionStepButtonsProps {
  step: DecisionStep;
  submitLabel: string;
  cancelTo: string;
  isSaving: boolean;
  isSaveBlocked: boolean;
  onBack: () => void;
}

/** Back (Cancel on the first step) and Next, or Save on the last; Next and Save submit the form. */
export function DecisionStepButtons({
  step,
  submitLabel,
  cancelTo,
  isSaving,
  isSaveBlocked,
  onBack,
}: DecisionStepButtonsProps) {
  const { t } = useTranslation();
  const index = DECISION_STEPS.indexOf(step);
  const isLast = index === DECISION_STEPS.length - 1;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {index === 0 ? (
        <ButtonLink to={cancelTo} variant="ghost" size="lg">
          {t('common.cancel')}
        </ButtonLink>
      ) : (
        <Button variant="secondary" size="lg" onClick={onBack}>
          <ArrowLeft aria-hidden size={18} />
          {t('decisionForm.guided.back')}
        </Button>
      )}
      {isLast ? (
        <Button type="submit" size="lg" disabled={isSaveBlocked || isSaving}>
          <Save aria-hidden size={18} />
          {submitLabel}
        </Button>
      ) : (
        <Button type="submit" size="lg">
          {t('decisionForm.guided.next')}
          <ArrowRight aria-hidden size={18} />
        </Button>
      )}
    </div>
  );
}

interface SaveButtonsProps {
  submitLabel: string;
  cancelTo: string;
  isDisabled: boolean;
}

/** Save and Cancel under the form that shows every section at once (Edit). */
export function SaveButtons({ submitLabel, cancelTo, isDisabled }: SaveButtonsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" size="lg" disabled={isDisabled}>
        <Save aria-hidden size={18} />
        {submitLabel}
      </Button>
      <ButtonLink to={cancelTo} variant="ghost" size="lg">
        {t('common.cancel')}
      </ButtonLink>
    </div>
  );
}

/** Save waits while a name repeats (SPEC); the rows with the name are marked. */
export function DuplicatesAlert() {
  const { t } = useTranslation();
  return (
    <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
      {t('decisionForm.duplicatesBlockSave')}
    </p>
  );
}
