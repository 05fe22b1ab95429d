import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatMeasuredCell } from '../../../shared/measure-format.ts';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { roundedSharesOf } from '../../../shared/scoring/shares.ts';
import { MatrixTable } from '../../components/ui/MatrixTable.tsx';
import { Tooltip, tooltipTriggerClasses } from '../../components/ui/Tooltip.tsx';
import { useLocale } from '../../lib/format.ts';
import { cellKey } from '../../lib/matrix-model.ts';
import { AiValueNote } from '../ai/AiValueNote.tsx';
import { knockoutsOfDetails } from '../analysis/analysis-model.ts';
import { KnockedOutBadge, measuredMustHavesOf, useKnockoutReasons } from '../analysis/KnockedOut.tsx';
import { changedAiProposal, ownerEvaluations, PERSONAL_SCALE } from './decision-form-model.ts';
import { CriterionHeader } from './CriterionHeader.tsx';

/**
 * The ranking table: options best first with their rank, each value or "–", every importance with
 * its share in the header, and the Total per option (name and total stay in view on a phone). Options
 * a must-have knocked out come last, greyed, with the minimum they miss.
 */
export function DecisionMatrix({ details }: { details: DecisionDetails }) {
  const { t, format } = useLocale();
  const { i18n } = useTranslation();
  const cells = new Map(
    ownerEvaluations(details).map((evaluation) => [
      cellKey(evaluation.option_id, evaluation.criterion_id),
      evaluation,
    ]),
  );
  const rankingByOption = new Map(details.results.ranking.map((entry) => [entry.option_id, entry]));
  // Issue 25: no best option (and provisional totals) while the result is incomplete.
  const hasResult = details.results.no_result_reason === null;
  const isTop = (optionId: number) => hasResult && rankingByOption.get(optionId)?.is_top === true;
  const isKnockedOut = (optionId: number) => rankingByOption.get(optionId)?.knocked_out === true;
  const knockouts = knockoutsOfDetails(details);
  const reasonsOf = useKnockoutReasons(
    new Map(details.criteria.map((criterion) => [criterion.id, criterion.name])),
    measuredMustHavesOf(details.criteria),
  );
  const optionNames = new Map(details.options.map((option) => [option.id, option.name]));
  // The server ranks best first (ties in input order), so a tied winner never sits at the bottom.
  const options = details.results.ranking.flatMap((entry) => {
    const name = optionNames.get(entry.option_id);
    return name === undefined ? [] : [{ key: entry.option_id, label: name }];
  });
  const criteria = details.criteria.map((criterion) => ({
    key: criterion.id,
    label: criterion.name,
    importance: criterion.importance,
  }));
  const shares = roundedSharesOf(new Map(criteria.map((criterion) => [criterion.key, criterion.importance])));
  const criterionById = new Map(details.criteria.map((criterion) => [criterion.id, criterion]));

  return (
    <MatrixTable
      caption={t('matrix.caption', PERSONAL_SCALE)}
      captionId="matrix-caption"
      cornerHeader={t('matrix.option')}
      rows={options}
      columns={criteria}
      highlightRow={(option) => isTop(option.key)}
      muteRow={(option) => isKnockedOut(option.key)}
      ranks={{
        of: (option) => rankingByOption.get(option.key)?.rank ?? null,
        label: (rank) => t('results.rank', { rank }),
      }}
      renderRowHeader={(option) => (
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {isTop(option.key) ? (
            <Trophy aria-hidden size={16} className="shrink-0 text-amber-600 dark:text-amber-400" />
          ) : null}
          <span className="break-words max-sm:max-w-[8.5rem]">{option.label}</span>
          {isTop(option.key) ? (
            // On a phone the trophy and the tint mark the top row; the label stays for screen readers.
            <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-white max-sm:sr-only dark:bg-emerald-400 dark:text-emerald-950">
              {t('matrix.topOption')}
            </span>
          ) : null}
          {isKnockedOut(option.key) ? (
            <KnockedOutBadge reasons={reasonsOf(knockouts.get(option.key) ?? [])} />
          ) : null}
        </span>
      )}
      renderColumnHeader={(criterion) => (
        <CriterionHeader criterion={criterion} share={shares.get(criterion.key) ?? 0} />
      )}
      renderCell={(option, criterion) => {
        const cell = cells.get(cellKey(option.key, criterion.key));
        if (cell === undefined) {
          return (
            <>
              <span aria-hidden>–</span>
              <span className="sr-only">{t('matrix.noValue')}</span>
            </>
          );
        }
        const measured = criterionById.get(criterion.key);
        if (measured?.kind === 'measure' && cell.measure !== null) {
          // Issue 31: the raw value with its unit and the score computed from it ("1,299 € → 6.2").
          return (
            <span className="whitespace-nowrap tabular-nums">
              {formatMeasuredCell(cell.measure, measured.unit, cell.value, i18n.language)}
            </span>
          );
        }
        // Issue 18: where the owner changed the AI's proposal, "AI: 7" with the AI's reason stays beside it.
        const proposal = changedAiProposal(
          cell.value,
          cell.ai_value === null ? null : { value: cell.ai_value, explanation: cell.ai_explanation },
        );
        // The AI's reason belongs to the AI's value, not to the one the owner chose instead.
        const reason = proposal && cell.explanation === proposal.explanation ? null : cell.explanation;
        const reasonId = `reason-${option.key}-${criterion.key}`;
        const value = reason ? (
          // A button so keyboard users can focus the cell and read the reason.
          <Tooltip id={reasonId} text={reason}>
            <button type="button" aria-describedby={reasonId} className={`min-w-8 ${tooltipTriggerClasses}`}>
              {cell.value}
            </button>
          </Tooltip>
        ) : (
          cell.value
        );
        if (!proposal) return value;
        return (
          <span className="inline-flex flex-col items-center gap-0.5">
            <span>{value}</span>
            <AiValueNote
              id={`ai-${option.key}-${criterion.key}`}
              value={proposal.value}
              reason={proposal.explanation}
            />
          </span>
        );
      }}
      total={{
        header: details.results.complete ? t('matrix.total') : t('results.totalProvisional'),
        render: (option) => format.number(rankingByOption.get(option.key)?.total ?? 0, 1),
      }}
    />
  );
}
