import { lazy, Suspense, useId, useState } from 'react';
import { ArrowDownWideNarrow, ArrowLeftRight, Scale, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { notify } from '../../lib/notify.ts';
import { importancesScaledToHundred, summarizeImportances } from '../../lib/importance-shares.ts';
import { PairwiseComparisonDialog } from './PairwiseComparisonDialog.tsx';
import { canComparePairs, canRank, type WeightedCriterion } from './weights-model.ts';

// Loaded on first use: React Aria's drag and drop weighs about 40 kB gzip, too much for every editor.
const RankCriteriaDialog = lazy(() => import('./RankCriteriaDialog.tsx'));

type Dialog = 'rank' | 'pairs';

interface WeightsToolbarProps {
  /** The criteria in list order: the name as typed ("" while unnamed) and the current weight. */
  criteria: readonly { name: string; weight: number | null }[];
  isDisabled?: boolean;
  /**
   * Writes weights into the form, in list order: a whole percent per criterion, or null where a
   * field stays as it is (an empty one when scaling).
   */
  onApply: (weights: readonly (number | null)[]) => void;
}

/**
 * Finding weights instead of guessing percentages, for the criteria editors and a voter's own
 * weights: "Scale to 100 %" (same proportions, whole percents), "Rank them" and "Compare in pairs".
 * A dialog's result is applied only on "Use these weights"; saving the form keeps it.
 */
export function WeightsToolbar({ criteria, isDisabled = false, onApply }: WeightsToolbarProps) {
  const { t } = useTranslation();
  const [openDialog, setOpenDialog] = useState<Dialog | null>(null);
  const noteId = useId();
  const weights = criteria.map((criterion) => criterion.weight);
  const { canScale } = summarizeImportances(weights);
  const labelled: WeightedCriterion[] = criteria.map((criterion, index) => ({
    label: criterion.name.trim() || t('weights.criterionFallback', { number: index + 1 }),
    weight: criterion.weight,
  }));
  const isRankOffered = canRank(criteria.length);
  const arePairsOffered = canComparePairs(criteria.length);
  const unavailableNote = !isRankOffered
    ? t('weights.rankUnavailable')
    : !arePairsOffered
      ? t('weights.pairsUnavailable')
      : null;

  function use(found: number[]) {
    setOpenDialog(null);
    onApply(found);
    notify('success', t('weights.applied'));
  }

  // Too few criteria for a dialog: the button stays visible, disabled, and points to the note saying why.
  function dialogButton(dialog: Dialog, Icon: LucideIcon, isOffered: boolean) {
    return (
      <Button
        variant="secondary"
        size="sm"
        disabled={isDisabled || !isOffered}
        aria-describedby={isOffered ? undefined : noteId}
        onClick={() => setOpenDialog(dialog)}
      >
        <Icon aria-hidden size={14} />
        {t(`weights.${dialog}`)}
      </Button>
    );
  }

  return (
    <div className="flex flex-col gap-1">
      <div role="group" aria-label={t('weights.toolbarLabel')} className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={isDisabled || !canScale}
          onClick={() => onApply(importancesScaledToHundred(weights))}
        >
          <Scale aria-hidden size={14} />
          {t('decisionForm.scaleToHundred')}
        </Button>
        {dialogButton('rank', ArrowDownWideNarrow, isRankOffered)}
        {dialogButton('pairs', ArrowLeftRight, arePairsOffered)}
      </div>
      {unavailableNote ? (
        <p id={noteId} className="text-xs text-slate-600 dark:text-slate-400">
          {unavailableNote}
        </p>
      ) : null}
      <Suspense fallback={null}>
        {openDialog === 'rank' ? (
          <RankCriteriaDialog criteria={labelled} onUse={use} onClose={() => setOpenDialog(null)} />
        ) : null}
        {openDialog === 'pairs' ? (
          <PairwiseComparisonDialog criteria={labelled} onUse={use} onClose={() => setOpenDialog(null)} />
        ) : null}
      </Suspense>
    </div>
  );
}
