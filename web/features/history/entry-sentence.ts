import type { TFunction } from 'i18next';
import { historySentenceOf, renderHistorySentence } from '../../../shared/history-sentences.ts';
import type { HistoryEntry } from './history-types.ts';

/**
 * The timeline's sentence for one entry in the reader's language, worded as the exports word it
 * (shared/history-sentences.ts): "Anna changed the weight of Price from 30 to 40".
 */
export function entrySentence(entry: HistoryEntry, t: TFunction, language: string): string {
  return renderHistorySentence(historySentenceOf(entry), (key, params) => t(key, params), language);
}
