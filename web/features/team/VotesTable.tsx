import { useTranslation } from 'react-i18next';
import type { CriterionAnchors } from '../../../shared/api/decisions.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { GridCellInput, scoreCharactersOnly } from '../../components/ui/GridCellInput.tsx';
import { MatrixTable, StackedHeader } from '../../components/ui/MatrixTable.tsx';
import { cellErrorMessage } from '../../lib/cell-error-message.ts';
import { cellKey, isInvalidCell } from '../../lib/matrix-model.ts';
import { scaleAnchorsDescription } from '../decisions/must-have-and-anchors.ts';

/** An option or criterion row of the team form: its stable key and the name as typed. */
interface NamedRow {
  key: string;
  name: string;
}

interface VotesTableProps {
  options: readonly NamedRow[];
  /** Criteria with what the ends of the scale mean, shown under their headers. */
  criteria: readonly (NamedRow & {
    anchors?: CriterionAnchors | undefined;
    isMeasured?: boolean;
    /** A measured criterion's unit, named under its header ("" or absent: none). */
    unit?: string | undefined;
  })[];
  /** Issue 31: the facts of measured criteria as shown ("1,299 € → 5.4"), by cell key; read-only. */
  facts?: ReadonlyMap<string, string>;
  /** Vote text by `cellKey(option key, criterion key)`. */
  votes: Record<string, string>;
  /** The empty cells of a started vote, marked so the voter sees what is missing; null marks none. */
  emptyKeys?: ReadonlySet<string> | null;
  isDisabled: boolean;
  onChange: (key: string, text: string) => void;
}

const SCALE = LIMITS.scales.team;

/**
 * The caller's vote per option and criterion, whole numbers 0–10; arrow keys and Enter move between
 * cells, and a value off the scale says so at its cell (saving stays blocked until it is fixed).
 * Measured criteria's columns show their facts read-only, named as facts in their unit, and the
 * caption says so (issue 31).
 */
export function VotesTable({
  options,
  criteria,
  votes,
  emptyKeys = null,
  isDisabled,
  onChange,
  facts = new Map(),
}: VotesTableProps) {
  const { t } = useTranslation();
  if (!options.length || !criteria.length) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">{t('teamEdit.votesNeedMatrix')}</p>;
  }
  const optionRows = options.map((row, index) => ({
    key: row.key,
    label: row.name.trim() || t('teamEdit.optionFallback', { number: index + 1 }),
  }));
  const criterionColumns = criteria.map((row, index) => ({
    key: row.key,
    label: row.name.trim() || t('teamEdit.criterionFallback', { number: index + 1 }),
    // A measured criterion's column holds facts in its unit, not votes on the scale (issue 31).
    anchors: row.isMeasured
      ? {
          id: `votes-fact-${row.key}`,
          text: row.unit?.trim()
            ? t('teamEdit.factColumnUnit', { unit: row.unit.trim() })
            : t('teamEdit.factColumn'),
        }
      : scaleAnchorsDescription(t, row.anchors, SCALE, `votes-anchors-${row.key}`),
  }));
  const measuredCount = criteria.filter((row) => row.isMeasured).length;
  const captionKey =
    measuredCount === 0
      ? 'teamEdit.votesCaption'
      : measuredCount === criteria.length
        ? 'teamEdit.votesCaptionFactsOnly'
        : 'teamEdit.votesCaptionWithFacts';

  return (
    <MatrixTable
      caption={t(captionKey, SCALE)}
      captionId="votes-caption"
      cornerHeader={t('teamEdit.option')}
      density="compact"
      rows={optionRows}
      columns={criterionColumns}
      renderRowHeader={(option) => <span className="break-words">{option.label}</span>}
      renderColumnHeader={(criterion) => (
        <StackedHeader label={criterion.label} description={criterion.anchors} />
      )}
      renderCell={(option, criterion, row, column) => {
        const key = cellKey(option.key, criterion.key);
        if (criteria[column]?.isMeasured) {
          // A fact of a measured criterion: the same for everyone, entered on the set-up tab.
          return (
            <span className="whitespace-nowrap tabular-nums" title={t('teamView.factReadOnly')}>
              {facts.get(key) ?? '–'}
              <span className="sr-only">{` (${t('teamView.factReadOnly')})`}</span>
            </span>
          );
        }
        const text = votes[key] ?? '';
        const isEmptyMarked = emptyKeys?.has(key) === true;
        const label = { option: option.label, criterion: criterion.label, ...SCALE };
        return (
          <GridCellInput
            row={row}
            column={column}
            value={text}
            disabled={isDisabled}
            placeholder="–"
            isInvalid={isInvalidCell(text, SCALE)}
            errorMessage={cellErrorMessage(t, text, SCALE)}
            aria-label={t(isEmptyMarked ? 'teamEdit.voteOfEmpty' : 'teamEdit.voteOf', label)}
            aria-describedby={criterion.anchors?.id}
            data-empty={isEmptyMarked || undefined}
            onChange={(event) => onChange(key, scoreCharactersOnly(event.target.value))}
            // An empty cell of a started vote: a dashed amber frame (its label says "still empty").
            className={`disabled:opacity-60 ${isEmptyMarked ? 'border-2! border-dashed! border-amber-600! bg-amber-50! dark:border-amber-400! dark:bg-amber-950/40!' : ''}`}
          />
        );
      }}
    />
  );
}
