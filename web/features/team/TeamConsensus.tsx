import { MessageSquare, MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Consensus, DecisionDetails } from '../../../shared/api/decisions.ts';
import { agreementLevelOf, SPREAD_LIMITS, type AgreementLevel } from '../../../shared/scoring/agreement.ts';
import { Button } from '../../components/ui/Button.tsx';
import { MatrixTable, StackedHeader } from '../../components/ui/MatrixTable.tsx';
import { useLocale } from '../../lib/format.ts';
import { commentCellKey, commentCountsByCell, type CommentCell } from '../comments/comment-cells.ts';
import { useCommentsQuery } from '../comments/comments-api.ts';
import { levelOfSpread, spreadTextOf, type SpreadEntry } from './spread-text.ts';

/** The least agreed cells listed under the heat map. */
const LEAST_AGREED_SHOWN = 5;

// Colour supports the text label, never replaces it; each pair keeps 7:1 contrast in its theme.
const LEVEL_CLASSES: Record<AgreementLevel | 'none', string> = {
  high: 'bg-emerald-100 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100',
  medium: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  low: 'bg-rose-100 text-rose-950 dark:bg-rose-950 dark:text-rose-100',
  none: 'bg-slate-50 text-slate-700 dark:bg-slate-800/60 dark:text-slate-300',
};

interface TeamConsensusProps {
  details: Pick<DecisionDetails, 'decision' | 'options' | 'criteria'>;
  consensus: Consensus;
  /** Names a cell "Option A × Price". */
  cellName: (cell: CommentCell) => string | null;
  canComment: boolean;
  onDiscuss: (cell: CommentCell) => void;
  onShowComments: (cell: CommentCell) => void;
}

/**
 * "from 3 to 7 · mixed", or "not enough votes yet" below two votes: the text every colour stands for
 * (issue 25: the spread in scale points with a plain label, no σ or percentage).
 */
function useSpreadText() {
  const { t, format } = useLocale();
  return (entry: SpreadEntry, prefix: 'cell' | 'weights') => {
    const { key, values } = spreadTextOf(entry, prefix);
    return t(key, {
      min: values.min === undefined ? undefined : format.plain(values.min),
      max: values.max === undefined ? undefined : format.plain(values.max),
      value: values.value === undefined ? undefined : format.plain(values.value),
      label: values.labelKey ? t(values.labelKey) : undefined,
    });
  };
}

/**
 * Where the team disagrees (issue 16): the matrix coloured and labelled by agreement, each cell with
 * its comment count, and the least agreed cells first with "Discuss". Only aggregates: no member's
 * own value is shown.
 */
export function TeamConsensus({
  details,
  consensus,
  cellName,
  canComment,
  onDiscuss,
  onShowComments,
}: TeamConsensusProps) {
  const { t } = useTranslation();
  const spreadText = useSpreadText();
  const comments = useCommentsQuery(details.decision.id);
  const commentCounts = commentCountsByCell(comments.data ?? []);
  const cells = new Map(consensus.cells.map((cell) => [commentCellKey(cell), cell]));
  const weightSpreads = new Map(consensus.criteria.map((entry) => [entry.criterion_id, entry]));
  const noSpread: SpreadEntry = { min: null, max: null, spread: null };
  const leastAgreed = consensus.cells
    .filter((cell) => cell.agreement !== null && cell.agreement < 100)
    .sort((a, b) => a.agreement! - b.agreement!)
    .slice(0, LEAST_AGREED_SHOWN);
  const isAiMode = details.decision.mode === 'ai';

  return (
    <section aria-labelledby="consensus-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="consensus-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t('consensus.heading')}
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {consensus.overall === null
            ? t('consensus.overallNone')
            : t(`consensus.overallLevel.${agreementLevelOf(consensus.overall)}`)}
        </p>
      </div>

      <MatrixTable
        caption={t('consensus.caption')}
        captionId="consensus-caption"
        cornerHeader={t('teamView.option')}
        rows={details.options.map((option) => ({ key: option.id, label: option.name }))}
        columns={details.criteria.map((criterion) => ({ key: criterion.id, label: criterion.name }))}
        density="compact"
        renderRowHeader={(option) => (
          <span className="break-words max-sm:max-w-[8.5rem]">{option.label}</span>
        )}
        renderColumnHeader={(criterion) => (
          <StackedHeader
            label={criterion.label}
            note={spreadText(weightSpreads.get(criterion.key) ?? noSpread, 'weights')}
          />
        )}
        renderCell={(option, criterion) => {
          const cell = { option_id: option.key, criterion_id: criterion.key };
          const spread = cells.get(commentCellKey(cell)) ?? noSpread;
          const level = levelOfSpread(spread.spread);
          const count = commentCounts.get(commentCellKey(cell)) ?? 0;
          const name = cellName(cell) ?? '';
          return (
            <div
              data-testid="agreement-cell"
              data-cell={name}
              data-level={level}
              data-spread={spread.spread ?? 'none'}
              className={`flex min-w-32 flex-col items-center gap-1 rounded-lg px-2 py-1.5 ${LEVEL_CLASSES[level]}`}
            >
              <span className="text-xs font-semibold">{spreadText(spread, 'cell')}</span>
              <button
                type="button"
                onClick={() => onShowComments(cell)}
                aria-label={t('consensus.commentsOn', { count, cell: name })}
                className="inline-flex items-center gap-1 rounded text-xs underline underline-offset-2 hover:no-underline"
              >
                <MessageSquare aria-hidden size={12} />
                {t('consensus.comments', { count })}
              </button>
            </div>
          );
        }}
      />

      <div className="flex flex-col gap-2">
        <h3 className="font-medium text-slate-900 dark:text-white">{t('consensus.leastAgreed')}</h3>
        {leastAgreed.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {isAiMode
              ? t('consensus.aiMode')
              : // Below two votes per cell there is nothing to compare yet, never "full agreement".
                consensus.cells.some((cell) => cell.spread !== null)
                ? t('consensus.noneToDiscuss')
                : t('consensus.nothingToCompare')}
          </p>
        ) : (
          <ol className="flex flex-col gap-2">
            {leastAgreed.map((cell) => {
              const name = cellName(cell) ?? '';
              const level = levelOfSpread(cell.spread);
              return (
                <li
                  key={commentCellKey(cell)}
                  data-testid="least-agreed"
                  className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60"
                >
                  <span className="min-w-0 text-sm">
                    <span className="block font-medium break-words text-slate-900 dark:text-white">
                      {name}
                    </span>
                    <span className="flex flex-wrap items-center gap-2 text-xs text-slate-700 dark:text-slate-300">
                      <span className={`rounded-full px-2 py-0.5 font-semibold ${LEVEL_CLASSES[level]}`}>
                        {spreadText(cell, 'cell')}
                      </span>
                      {t('teamView.votes', { count: cell.votes })}
                    </span>
                  </span>
                  {canComment ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('consensus.discussCell', { cell: name })}
                      onClick={() => onDiscuss(cell)}
                    >
                      <MessagesSquare aria-hidden size={14} />
                      {t('consensus.discuss')}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <details className="text-xs text-slate-600 dark:text-slate-400">
        <summary className="cursor-pointer font-medium text-slate-700 dark:text-slate-300">
          {t('consensus.helpTitle')}
        </summary>
        <p className="mt-1">
          {t('consensus.help', {
            close: SPREAD_LIMITS.close * 10,
            mixed: SPREAD_LIMITS.mixed * 10,
            closeWeights: SPREAD_LIMITS.close * 100,
            mixedWeights: SPREAD_LIMITS.mixed * 100,
          })}
        </p>
      </details>
    </section>
  );
}
