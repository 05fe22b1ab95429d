import type {
  DecisionVersion,
  HistoryChange,
  HistoryEntry,
  HistoryKind,
  HistoryPerson,
  StoredMatrix,
} from '../../../shared/api/history.ts';
import { displayNameOfAccount, FORMER_MEMBER_NAME_KEY } from '../../../shared/display-name.ts';
import type { Language } from '../../../shared/limits.ts';
import { resultOf } from '../../../shared/scoring/decision-data.ts';
import type { Timestamp } from '../../db/schema.ts';
import { toIsoString } from '../../db/values.ts';
import { translate } from '../../i18n.ts';
import type { DecisionRow } from '../decisions/index.ts';
import type { HistoryRow } from './repo.ts';

interface PersonColumns {
  id: number | null;
  email: string | null;
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
  deleted_at: Timestamp | null;
}

/** A deleted account (a tombstone, or a row gone altogether) is a former member: no id, no name. */
function personOf(person: PersonColumns, language: Language): HistoryPerson {
  if (person.id === null || person.deleted_at !== null || person.email === null)
    return { user_id: null, display_name: translate(language, FORMER_MEMBER_NAME_KEY) };
  return { user_id: person.id, display_name: displayNameOfAccount({ ...person, email: person.email }) };
}

/**
 * What a reader may see of an entry's changes. Votes, weights and the AI's cells are only ever
 * counts (the stored changes hold nothing else); while results are hidden from the reader, the
 * leader named at the end of voting (option and total) is left out as well.
 */
function visibleChanges(
  kind: HistoryKind,
  changes: HistoryChange[],
  resultsHidden: boolean,
): HistoryChange[] {
  if (kind === 'voting_ended' && resultsHidden) return changes.filter((change) => change.field !== 'leader');
  return changes;
}

export function presentHistoryEntry(
  row: HistoryRow,
  reader: { language: Language; resultsHidden: boolean },
): HistoryEntry {
  const kind = row.kind as HistoryKind;
  // Written without an actor: a job (a deadline passing) or a change that follows a workspace.
  const actor =
    row.actor_id === null
      ? ({ kind: 'system' } as const)
      : personOf(
          {
            id: row.actor_id,
            email: row.actor_email,
            nickname: row.actor_nickname,
            first_name: row.actor_first_name,
            last_name: row.actor_last_name,
            deleted_at: row.actor_deleted_at,
          },
          reader.language,
        );
  const subject =
    row.subject_id === null
      ? null
      : personOf(
          {
            id: row.subject_id,
            email: row.subject_email,
            nickname: row.subject_nickname,
            first_name: row.subject_first_name,
            last_name: row.subject_last_name,
            deleted_at: row.subject_deleted_at,
          },
          reader.language,
        );
  return {
    id: row.id,
    at: toIsoString(row.at),
    kind,
    actor,
    subject,
    changes: visibleChanges(kind, JSON.parse(row.changes) as HistoryChange[], reader.resultsHidden),
    version_id: row.version_id,
  };
}

/** GET …/versions/{versionId}: the stored matrix and its ranking as the scoring computes it. */
export function presentVersion(
  decision: Pick<DecisionRow, 'type' | 'mode' | 'user_id'>,
  version: { id: number; created_at: Timestamp; matrix: StoredMatrix },
): DecisionVersion {
  const { matrix } = version;
  const evaluations = matrix.evaluations.map((cell) => ({
    ...cell,
    user_id: cell.generated_by === 'ai' ? null : decision.user_id,
  }));
  const result = resultOf(decision, matrix.options, matrix.criteria, { type: 'personal', evaluations });
  return {
    id: version.id,
    at: toIsoString(version.created_at),
    options: matrix.options,
    criteria: matrix.criteria,
    evaluations: matrix.evaluations,
    ranking: result.ranking.map((entry) => ({
      option_id: entry.option_id,
      total: entry.total,
      rank: entry.rank,
      is_top: entry.is_top,
      knocked_out: entry.knocked_out,
    })),
  };
}
