import { LIMITS } from '../../../shared/limits.ts';
import { roundedSharesOf } from '../../../shared/scoring/shares.ts';
import { RowHeader, Table, TD, TH } from '../../components/ui/Table.tsx';
import { PercentInput } from '../../components/ui/PercentInput.tsx';
import { useLocale } from '../../lib/format.ts';
import { clampPercent } from '../../lib/matrix-model.ts';

/** A criterion row of the team form: its stable key, the stored id (absent while unsaved) and the name. */
interface CriterionRow {
  key: string;
  id?: number;
  name: string;
}

interface WeightsTableProps {
  criteria: readonly CriterionRow[];
  weights: Record<string, string>;
  /** The current team weight per stored criterion id (mean of everyone's weights); null while hidden. */
  teamWeights: Map<number, number> | null;
  /**
   * Each stored criterion's importance by id: a weight left empty counts as it for the voter (SPEC.md's
   * fallback, issue 25), so it is the field's placeholder and counts in the voter's shares.
   */
  importances?: ReadonlyMap<number, number>;
  isDisabled: boolean;
  onChange: (criterionRowKey: string, text: string) => void;
}

/**
 * The caller's weight per criterion, 0–100 in whole steps (typed values are clamped, empty is allowed),
 * each with its share of the caller's weights, and the team's share per criterion. Shares are what a
 * weight means, since results divide by the sum; they add up to 100 %.
 */
export function WeightsTable({
  criteria,
  weights,
  teamWeights,
  importances,
  isDisabled,
  onChange,
}: WeightsTableProps) {
  const { t, format } = useLocale();
  if (!criteria.length)
    return <p className="text-sm text-slate-600 dark:text-slate-400">{t('teamEdit.noCriteria')}</p>;

  const importanceOf = (criterion: CriterionRow) =>
    criterion.id === undefined ? undefined : importances?.get(criterion.id);
  const ownWeights = new Map<string, number>();
  for (const criterion of criteria) {
    const weight = clampPercent(weights[criterion.key] ?? '') ?? importanceOf(criterion) ?? null;
    if (weight !== null) ownWeights.set(criterion.key, weight);
  }
  const ownShares = roundedSharesOf(ownWeights);
  const teamShares = teamWeights ? roundedSharesOf(teamWeights) : null;

  return (
    <Table caption={t('teamEdit.weightsCaption')} captionId="weights-caption">
      <thead>
        <tr>
          <TH density="compact" edge="first" align="start" tone="muted">
            {t('teamEdit.criterion')}
          </TH>
          <TH density="compact" edge={teamShares ? 'middle' : 'last'} align="start" tone="muted">
            {t('teamEdit.yourWeight')}
          </TH>
          {teamShares ? (
            <TH density="compact" edge="last" align="end" tone="muted">
              {t('teamEdit.teamShare')}
            </TH>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {criteria.map((criterion, index) => {
          const name = criterion.name.trim() || t('teamEdit.criterionFallback', { number: index + 1 });
          const ownShare = ownShares.get(criterion.key);
          const teamShare = criterion.id === undefined ? undefined : teamShares?.get(criterion.id);
          return (
            <tr key={criterion.key}>
              <RowHeader density="compact" className="break-words">
                {name}
              </RowHeader>
              <TD density="compact" edge={teamShares ? 'middle' : 'last'} align="start">
                <span className="flex items-center gap-2">
                  <span className="w-20 shrink-0">
                    <PercentInput
                      min={LIMITS.scales.weight.min}
                      max={LIMITS.scales.weight.max}
                      aria-label={t('teamEdit.weightOf', { name })}
                      value={weights[criterion.key] ?? ''}
                      disabled={isDisabled}
                      placeholder={String(importanceOf(criterion) ?? '–')}
                      onChange={(event) => {
                        const clamped = clampPercent(event.target.value);
                        onChange(criterion.key, clamped === null ? '' : String(clamped));
                      }}
                    />
                  </span>
                  <span className="w-16 whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-400">
                    {ownShare === undefined
                      ? null
                      : t('teamEdit.shareOf', { share: format.number(ownShare, 0) })}
                  </span>
                </span>
              </TD>
              {teamShares ? (
                <TD density="compact" edge="last" align="end" className="tabular-nums">
                  {teamShare === undefined ? '–' : `${format.number(teamShare, 0)} %`}
                </TD>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
