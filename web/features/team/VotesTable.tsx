import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { digitsOnly, GridCellInput } from '../../components/ui/GridCellInput.tsx';
import { cellKey, isInvalidCell } from '../../lib/matrix-model.ts';
import type { NameRow } from './name-rows.ts';

interface VotesTableProps {
  options: NameRow[];
  criteria: NameRow[];
  votes: Record<string, string>;
  isDisabled: boolean;
  onChange: (key: string, text: string) => void;
}

const { min, max } = LIMITS.scales.evaluate;

/** The caller's vote per option and criterion, whole numbers 0–10; arrow keys move between cells. */
export function VotesTable({ options, criteria, votes, isDisabled, onChange }: VotesTableProps) {
  const { t } = useTranslation();
  if (!options.length || !criteria.length) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">{t('teamEdit.votesNeedMatrix')}</p>;
  }
  const optionName = (row: NameRow, index: number) =>
    row.name.trim() || t('teamEdit.optionFallback', { number: index + 1 });
  const criterionName = (row: NameRow, index: number) =>
    row.name.trim() || t('teamEdit.criterionFallback', { number: index + 1 });

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="votes-caption" data-grid>
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption id="votes-caption" className="sr-only">
          {t('teamEdit.votesCaption', { min, max })}
        </caption>
        <thead>
          <tr>
            <th
              scope="col"
              className="border-b border-slate-200 py-2 pr-3 text-left font-medium text-slate-600 dark:border-slate-700 dark:text-slate-400"
            >
              {t('teamEdit.option')}
            </th>
            {criteria.map((criterion, index) => (
              <th
                key={criterion.key}
                scope="col"
                className="border-b border-slate-200 px-2 py-2 text-center font-medium text-slate-800 dark:border-slate-700 dark:text-slate-200"
              >
                {criterionName(criterion, index)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {options.map((option, row) => (
            <tr key={option.key}>
              <th
                scope="row"
                className="border-b border-slate-100 py-2 pr-3 text-left font-medium break-words text-slate-900 dark:border-slate-800 dark:text-white"
              >
                {optionName(option, row)}
              </th>
              {criteria.map((criterion, column) => {
                const key = cellKey(option.key, criterion.key);
                const text = votes[key] ?? '';
                return (
                  <td
                    key={criterion.key}
                    className="border-b border-slate-100 px-2 py-2 text-center dark:border-slate-800"
                  >
                    <GridCellInput
                      row={row}
                      column={column}
                      value={text}
                      disabled={isDisabled}
                      placeholder="–"
                      isInvalid={isInvalidCell(text, { min, max })}
                      aria-label={t('teamEdit.voteOf', {
                        option: optionName(option, row),
                        criterion: criterionName(criterion, column),
                        min,
                        max,
                      })}
                      onChange={(event) => onChange(key, digitsOnly(event.target.value))}
                      className="disabled:opacity-60"
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
