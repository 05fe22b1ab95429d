import type { TFunction } from 'i18next';
import { cellProblemOf, type Scale } from './matrix-model.ts';

/** The message under a score cell that cannot be kept, naming the scale: a decimal, or off the scale. */
export function cellErrorMessage(t: TFunction, raw: string | undefined | null, scale: Scale): string {
  return cellProblemOf(raw, scale) === 'notWhole'
    ? t('results.cellWholeNumbers', { ...scale })
    : t('results.cellRange', { ...scale });
}
