import type { TFunction } from 'i18next';
import type { HistoryActor, HistoryEntry } from './history-types.ts';

/**
 * The timeline's sentence for one entry. Placeholder until shared/history-sentences.ts (issue 30's
 * one wording for screens and exports) is merged: the actor and what kind of change it was.
 */
export function entrySentence(entry: HistoryEntry, t: TFunction): string {
  return t('historySection.fallbackSentence', {
    actor: actorName(entry.actor, t),
    kind: entry.kind.replaceAll('_', ' '),
  });
}

function actorName(actor: HistoryActor, t: TFunction): string {
  return 'kind' in actor ? t('historySection.system') : actor.display_name;
}
