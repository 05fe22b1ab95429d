import { useState } from 'react';
import { TriangleAlert } from 'lucide-react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { roundedSharesOf } from '../../../shared/scoring/shares.ts';
import { pairsOf } from '../../../shared/scoring/weight-elicitation.ts';
import { useLocale } from '../../lib/format.ts';
import {
  meaningOfIntensity,
  PAIR_CHOICES,
  pairKey,
  pairwiseOutcome,
  type PairAnswers,
  type PairChoice,
  type PairChoiceOption,
  type WeightedCriterion,
} from './weights-model.ts';
import { WeightsDialog } from './WeightsDialog.tsx';

interface PairwiseComparisonDialogProps {
  criteria: readonly WeightedCriterion[];
  /** Whole numbers per criterion in list order (`wholePercents`): about 100, equal ones equal. */
  onUse: (weights: number[]) => void;
  onClose: () => void;
}

/**
 * "Compare in pairs": for every pair of criteria, which matters more and how much on Saaty's 1–9
 * scale; the AHP weights and the consistency ratio follow live, with a warning when the answers
 * contradict each other (ratio above 0.1) naming the pairs to look at first.
 */
export function PairwiseComparisonDialog({ criteria, onUse, onClose }: PairwiseComparisonDialogProps) {
  const { t, format } = useLocale();
  const [answers, setAnswers] = useState<PairAnswers>({});
  const outcome = pairwiseOutcome(criteria.length, answers);
  // Each weight's share: shown percents add up to 100, while equal weights stay equal numbers.
  const shares = roundedSharesOf(new Map(outcome.weights.map((weight, index) => [index, weight])));
  const labelOf = (index: number) => criteria[index]!.label;
  const pairsToCheck = outcome.pairsToCheck
    .map((pair) =>
      t('weights.pairsDialog.pair', { first: labelOf(pair.first), second: labelOf(pair.second) }),
    )
    .join(t('weights.pairsDialog.pairSeparator'));

  return (
    <WeightsDialog kind="pairs" size="xl" onClose={onClose} onAction={() => onUse(outcome.weights)}>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('weights.pairsDialog.legend')}</p>
      <ol className="flex flex-col gap-3">
        {pairsOf(criteria.length).map((pair) => {
          const key = pairKey(pair);
          return (
            <li key={key}>
              <PairQuestion
                first={labelOf(pair.first)}
                second={labelOf(pair.second)}
                value={answers[key] ?? 'equal'}
                onChange={(choice) => setAnswers((current) => ({ ...current, [key]: choice }))}
              />
            </li>
          );
        })}
      </ol>
      <section
        aria-labelledby="pairs-result-heading"
        aria-live="polite"
        className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-800/50"
      >
        <h3 id="pairs-result-heading" className="font-semibold text-slate-900 dark:text-white">
          {t('weights.pairsDialog.resultHeading')}
        </h3>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800 tabular-nums dark:text-slate-200">
          {criteria.map((criterion, index) => (
            <li key={index}>
              {t('weights.resultLabel', {
                name: criterion.label,
                weight: outcome.weights[index],
                share: shares.get(index) ?? 0,
              })}
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-700 tabular-nums dark:text-slate-300">
          {t('weights.pairsDialog.consistency', { ratio: format.number(outcome.consistencyRatio, 2) })}{' '}
          {outcome.isConsistent ? t('weights.pairsDialog.consistent') : null}
        </p>
        {outcome.isConsistent ? null : (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
          >
            <TriangleAlert aria-hidden size={18} className="mt-0.5 shrink-0" />
            {t('weights.pairsDialog.inconsistent', { pairs: pairsToCheck })}
          </p>
        )}
      </section>
    </WeightsDialog>
  );
}

interface PairQuestionProps {
  first: string;
  second: string;
  value: PairChoice;
  onChange: (choice: PairChoice) => void;
}

/** One pair: the first criterion on the left, 9 … 2, equal, 2 … 9, the second on the right. */
function PairQuestion({ first, second, value, onChange }: PairQuestionProps) {
  const { t } = useTranslation();
  const nameOf = (choice: PairChoiceOption) => {
    if (choice.favours === null) return t('weights.pairsDialog.equal');
    return t('weights.pairsDialog.favours', {
      name: choice.favours === 'first' ? first : second,
      intensity: choice.intensity,
      meaning: t(`weights.pairsDialog.meanings.${meaningOfIntensity(choice.intensity)}`),
    });
  };
  return (
    <RadioGroup
      value={value}
      onChange={(next) => onChange(next as PairChoice)}
      orientation="horizontal"
      className="flex flex-col gap-1"
    >
      <Label className="sr-only">{t('weights.pairsDialog.question', { first, second })}</Label>
      <div className="grid grid-cols-2 items-center gap-x-3 gap-y-1 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
        <span aria-hidden className="text-sm font-medium break-words text-slate-900 dark:text-white">
          {first}
        </span>
        <span
          aria-hidden
          className="text-right text-sm font-medium break-words text-slate-900 sm:order-last sm:text-left dark:text-white"
        >
          {second}
        </span>
        <div className="col-span-2 flex overflow-x-auto rounded-lg border border-slate-300 sm:col-span-1 dark:border-slate-600">
          {PAIR_CHOICES.map((choice) => (
            <Radio
              key={choice.value}
              value={choice.value}
              className={`flex h-9 min-w-7 flex-1 cursor-pointer items-center justify-center border-slate-300 text-xs font-semibold text-slate-700 tabular-nums not-last:border-r data-[focus-visible]:outline-2 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-indigo-600 data-[hovered]:bg-slate-100 data-[selected]:bg-indigo-600 data-[selected]:text-white dark:border-slate-600 dark:text-slate-200 dark:data-[hovered]:bg-slate-800 dark:data-[selected]:bg-indigo-500 ${
                choice.favours === null ? 'bg-slate-100 dark:bg-slate-800' : ''
              }`}
            >
              <span aria-hidden>{choice.intensity}</span>
              <span className="sr-only">{nameOf(choice)}</span>
            </Radio>
          ))}
        </div>
      </div>
    </RadioGroup>
  );
}
