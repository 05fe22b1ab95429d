import type { ImportPreview } from '../../../shared/api/decision-import.ts';
import type { Language } from '../../../shared/limits.ts';
import { translate } from '../../i18n.ts';
import type { DecisionTable } from './sheet-layout.ts';

/** The preview's explicit fields; warnings in the caller's language, in sheet order. */
export function presentPreview(table: DecisionTable & { name: string }, language: Language): ImportPreview {
  return {
    name: table.name,
    options: table.options,
    criteria: table.criteria.map((criterion) => ({
      name: criterion.name,
      importance: criterion.importance,
      ...(criterion.kind === 'measure'
        ? {
            kind: criterion.kind,
            unit: criterion.unit ?? '',
            direction: criterion.direction ?? 'higher',
            ...(criterion.worst === undefined ? {} : { worst: criterion.worst }),
            ...(criterion.best === undefined ? {} : { best: criterion.best }),
          }
        : {}),
    })),
    evaluations: table.evaluations,
    warnings: table.warnings
      .toSorted((a, b) => a.row - b.row || a.column - b.column)
      .map((warning) => ({
        row: warning.row,
        column: warning.column,
        message: translate(language, warning.key, warning.params),
      })),
  };
}
