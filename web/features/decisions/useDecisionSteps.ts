import { useEffect, useRef, useState } from 'react';
import type { FieldErrors, FieldPath, UseFormReturn } from 'react-hook-form';
import { cellKey } from '../../lib/matrix-model.ts';
import type { DecisionFormValues } from './decision-form-model.ts';
import {
  DECISION_STEPS,
  isBlankCriterion,
  STEP_FIELDS,
  withoutTrailingBlankRows,
  type DecisionStep,
} from './decision-form-steps.ts';

/** The field a step starts at, so typing (and Enter) carries on without a click. */
function firstFieldOf(step: DecisionStep, values: DecisionFormValues): FieldPath<DecisionFormValues> | null {
  const [option] = values.options;
  const [criterion] = values.criteria;
  if (step === 'question') return 'name';
  if (step === 'options') return 'options.0.name';
  if (step === 'criteria') return 'criteria.0.name';
  return option && criterion ? `scores.${cellKey(option.rowKey, criterion.rowKey)}` : null;
}

interface DecisionStepsOptions {
  isGuided: boolean;
  /** Whether the step's list repeats a name (not part of the schema): Next stays on the step then. */
  isDuplicated: (step: DecisionStep) => boolean;
  /** Called when Next stays, with the form's errors (e.g. to open "More settings" for a must-have's). */
  onInvalid: (errors: FieldErrors<DecisionFormValues>) => void;
}

/**
 * The guided flow's step on the decision form's one react-hook-form: Next validates only the current
 * step (and keeps validating it as it is fixed), Back never validates, and each step starts focused.
 */
export function useDecisionSteps(
  form: UseFormReturn<DecisionFormValues>,
  { isGuided, isDuplicated, onInvalid }: DecisionStepsOptions,
) {
  const { getValues, setValue, setFocus, trigger, watch } = form;
  const [step, setStep] = useState<DecisionStep>('question');
  // The step whose Next failed: its fields are checked again as they change, so fixed errors go away.
  const [checkedStep, setCheckedStep] = useState<DecisionStep | null>(null);

  useEffect(() => {
    if (!checkedStep) return;
    const fields = STEP_FIELDS[checkedStep];
    const subscription = watch((_values, { name }) => {
      if (name && fields.some((field) => name === field || name.startsWith(`${field}.`)))
        void trigger(fields);
    });
    return () => subscription.unsubscribe();
  }, [checkedStep, watch, trigger]);

  // Not on the first view: the page opens at its top; later steps start at their first field.
  const hasMoved = useRef(false);
  useEffect(() => {
    if (!isGuided || !hasMoved.current) return;
    const field = firstFieldOf(step, getValues());
    if (field) setTimeout(() => setFocus(field));
  }, [isGuided, step, getValues, setFocus]);

  function goTo(next: DecisionStep) {
    hasMoved.current = true;
    setCheckedStep(null);
    setStep(next);
  }

  async function goNext() {
    if (step === 'options' || step === 'criteria') {
      const kept =
        step === 'options'
          ? withoutTrailingBlankRows(getValues('options'))
          : withoutTrailingBlankRows(getValues('criteria'), isBlankCriterion);
      if (kept.length !== getValues(step).length) setValue(step, kept as never);
    }
    const isValid = await trigger(STEP_FIELDS[step], { shouldFocus: true });
    if (!isValid || isDuplicated(step)) {
      setCheckedStep(step);
      onInvalid(form.formState.errors);
      return;
    }
    goTo(DECISION_STEPS[DECISION_STEPS.indexOf(step) + 1] ?? step);
  }

  function goBack() {
    goTo(DECISION_STEPS[DECISION_STEPS.indexOf(step) - 1] ?? step);
  }

  /** After a failed save: the first step with an error (null keeps the current one). */
  function showStep(target: DecisionStep | null) {
    if (target && target !== step) goTo(target);
  }

  return { step, hasFailedNext: checkedStep === step, goNext, goBack, showStep };
}
