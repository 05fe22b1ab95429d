import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { MatrixTable, StackedHeader } from '../../components/ui/MatrixTable.tsx';
import { Tooltip, tooltipTriggerClasses } from '../../components/ui/Tooltip.tsx';
import { useFormatters } from '../../lib/format.ts';
import { cellKey } from '../../lib/matrix-model.ts';
import { knockoutsOfDetails } from '../analysis/analysis-model.ts';
import { KnockedOutBadge, measuredMustHavesOf, useKnockoutReasons } from '../analysis/KnockedOut.tsx';
import { WeightShareNote } from '../decisions/WeightShareNote.tsx';
import { compareAiOpinion, type AiOpinionCell } from './ai-opinion-model.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { AiReasonLegend } from '../ai/AiReasonLegend.tsx';
import { AiOpinionCellNote } from './TeamAiOpinion.tsx';
import { isTopOption, teamResultsViewOf, type TeamCell } from './team-results-model.ts';

/**
 * The team ranking: options best first with their rank, the team value of every cell (mean of the
 * votes, 1 decimal, "–" without votes), each criterion's team weight with its share (the shares add up
 * to 100 %), and the team result per option (2 decimals, first after the name; cards on a phone) with a
 * trophy on the top score(s). Options nobody voted on come last and say "no votes yet", never 0.00;
 * while the result does not count yet (issue 25) it says why, names no leader and totals are provisional. Once the caller may see the AI's
 * second opinion, its value stands under each team value (it never counts).
 */
export function TeamResultsMatrix({ details }: { details: DecisionDetails }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const view = teamResultsViewOf(details);
  const { cells, weights, shares, aiReasons, ranking, noResult, votedOptions, rows } = view;
  const isTop = (optionId: number) => isTopOption(view, optionId);
  // Totals alone cannot tell: without any weight no option has one, though votes exist.
  const hasAnyVote = votedOptions.size > 0;
  const isKnockedOut = (optionId: number) => ranking.get(optionId)?.knocked_out === true;
  const knockouts = knockoutsOfDetails(details);
  const reasonsOf = useKnockoutReasons(
    new Map(details.criteria.map((criterion) => [criterion.id, criterion.name])),
    measuredMustHavesOf(details.criteria),
  );
  const noVotesYet = t('results.noVotesYet');
  const aiOpinion = compareAiOpinion(details);

  return (
    <>
      {noResult ? (
        <p
          data-testid="no-result"
          className="rounded-xl bg-amber-50 p-4 text-sm font-medium text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {/* Before anyone voted the plain sentence; after that, why the votes give no result yet. */}
          {hasAnyVote ? t(noResult.key, { count: noResult.count }) : t('results.noVotesNotice')}
        </p>
      ) : null}
      <MatrixTable
        caption={t('teamView.matrixCaption', LIMITS.scales.team)}
        captionId="team-matrix-caption"
        cornerHeader={t('teamView.option')}
        rows={rows}
        layout="cardsOnPhone"
        columns={details.criteria.map((criterion) => ({ key: criterion.id, label: criterion.name }))}
        highlightRow={(option) => isTop(option.key)}
        muteRow={(option) => isKnockedOut(option.key)}
        ranks={{
          of: (option) => ranking.get(option.key)?.rank ?? null,
          label: (rank) => t('results.rank', { rank }),
        }}
        renderRowHeader={(option) =>
          isKnockedOut(option.key) ? (
            <span className="flex flex-col items-start gap-1">
              <span className="break-words max-sm:max-w-[8.5rem]">{option.label}</span>
              <KnockedOutBadge reasons={reasonsOf(knockouts.get(option.key) ?? [])} />
            </span>
          ) : (
            <span className="break-words max-sm:max-w-[8.5rem]">{option.label}</span>
          )
        }
        renderColumnHeader={(criterion) => (
          <StackedHeader
            label={criterion.label}
            note={
              <WeightShareNote
                weight={weights.get(criterion.key) ?? 0}
                share={shares.get(criterion.key) ?? 0}
                kind="team"
              />
            }
          />
        )}
        renderCell={(option, criterion) => (
          <TeamCellValue
            cellId={`${option.key}-${criterion.key}`}
            cell={cells.get(cellKey(option.key, criterion.key))}
            reason={aiReasons.get(cellKey(option.key, criterion.key))}
            aiCell={aiOpinion?.cells.get(cellKey(option.key, criterion.key))}
            isAiMode={details.decision.mode === 'ai'}
          />
        )}
        total={{
          header: details.results.complete ? t('teamView.teamResult') : t('results.teamResultProvisional'),
          testId: 'team-result',
          render: (option) => {
            const total = ranking.get(option.key)?.total ?? null;
            if (total === null) {
              // Without any weight no option has a total, though it may have votes.
              return votedOptions.has(option.key) ? (
                <>
                  <span aria-hidden>–</span>
                  <span className="sr-only">{t('results.noTotal')}</span>
                </>
              ) : (
                <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{noVotesYet}</span>
              );
            }
            return (
              <span className="inline-flex items-center gap-1.5">
                {isTop(option.key) ? (
                  <Trophy
                    role="img"
                    aria-label={t('teamView.topScore')}
                    size={18}
                    className="shrink-0 text-amber-600 dark:text-amber-400"
                  >
                    <title>{t('teamView.topScore')}</title>
                  </Trophy>
                ) : null}
                {format.number(total, 2)}
              </span>
            );
          },
        }}
      />
      {aiReasons.size > 0 ? <AiReasonLegend /> : null}
    </>
  );
}

interface TeamCellValueProps {
  /** `${option}-${criterion}`, for the ids of the reason and the AI note. */
  cellId: string;
  cell: TeamCell | undefined;
  reason: string | undefined;
  aiCell: AiOpinionCell | undefined;
  isAiMode: boolean;
}

/** A cell's team value with its vote count (or "–" without votes), the AI's reason and second opinion. */
function TeamCellValue({ cellId, cell, reason, aiCell, isAiMode }: TeamCellValueProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const aiNote = aiCell ? <AiOpinionCellNote id={`ai-opinion-${cellId}`} cell={aiCell} /> : null;
  if (!cell || cell.votes === 0) {
    return (
      <>
        <span aria-hidden>–</span>
        <span className="sr-only">{t('results.noVotesYet')}</span>
        {aiNote}
      </>
    );
  }
  const reasonId = `team-reason-${cellId}`;
  return (
    <>
      {reason ? (
        <Tooltip id={reasonId} text={reason}>
          <button
            type="button"
            aria-describedby={reasonId}
            className={`font-medium ${tooltipTriggerClasses}`}
          >
            {format.number(cell.value, 1)}
          </button>
        </Tooltip>
      ) : (
        <span className="block font-medium">{format.number(cell.value, 1)}</span>
      )}
      <span className="block text-xs text-slate-600 dark:text-slate-400">
        {/* In AI mode the value is the model's, not a member's vote. */}
        {isAiMode ? t('teamView.aiScore') : t('teamView.votes', { count: cell.votes })}
      </span>
      {aiNote}
    </>
  );
}

/** The team result formula in words (DESIGN.md asks for it next to the result). */
export function TeamFormula({ mode }: { mode: 'manual' | 'ai' }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
      <h3 className="font-medium text-slate-900 dark:text-white">{t('teamView.formulaTitle')}</h3>
      <ol className="mt-2 flex list-decimal flex-col gap-1.5 pl-5">
        <li>{t('teamView.formulaWeight')}</li>
        <li>{mode === 'ai' ? t('teamView.formulaCellAi') : t('teamView.formulaCell')}</li>
        <li>{t('teamView.formulaResult')}</li>
      </ol>
    </div>
  );
}
