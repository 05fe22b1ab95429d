import type { HistoryPage, HistoryQuery } from '../../../shared/api/history.ts';
import type { Language } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import type { DecisionAccess, DecisionRow, DecisionsService } from '../decisions/index.ts';
import { presentHistoryEntry, presentVersion } from './presenter.ts';
import type { HistoryRepo } from './repo.ts';

/** Issue 30: reading a decision's history and versions, and bringing a version back. */
export function createHistoryService(deps: { history: HistoryRepo; decisionsService: DecisionsService }) {
  const { history, decisionsService } = deps;
  return {
    /** Newest first; `next_before` is null once the page reaches the first entry. */
    async page(access: DecisionAccess, query: HistoryQuery, language: Language): Promise<HistoryPage> {
      // One row more than asked tells whether an older page exists, without a count.
      const rows = await history.page(access.decision.id, query.before, query.limit + 1);
      const resultsHidden = decisionsService.resultsHiddenUntilFor(access) !== null;
      const entries = rows
        .slice(0, query.limit)
        .map((row) => presentHistoryEntry(row, { language, resultsHidden }));
      const last = entries.at(-1);
      return { entries, next_before: rows.length > query.limit && last ? last.id : null };
    },

    /** A personal decision's version; team decisions have none (404 as an unknown id). */
    async version(access: DecisionAccess, versionId: number) {
      const version =
        access.decision.type === 'team' ? undefined : await history.version(access.decision.id, versionId);
      if (!version) throw new AppError('NOT_FOUND');
      return presentVersion(access.decision, version);
    },

    /** Owner only; answers the decision as saved (the route answers the details). */
    restore(access: DecisionAccess, entryId: number): Promise<DecisionRow> {
      return decisionsService.restoreVersion(access, entryId, (trx, decisionId, id) =>
        history.versionOfEntry(decisionId, id, trx),
      );
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
