import type { HistoryChange, HistoryEntry, HistoryValue } from './api/history.ts';

/**
 * Issue 30: one plain sentence per history entry, one wording for the timeline (web) and the exports
 * (PDF, CSV): "Anna changed the weight of Price from 30 to 40", "Ben voted (12 cells)", "Voting ended:
 * Lisbon leads with 7.4". An entry with several changes is one sentence whose change phrases are joined
 * as a list ("Anna added the option Porto and renamed the criterion Cost to Price"), so the actor is
 * named once. The sentence is data (`key` and `params`); `renderHistorySentence` turns it into text in
 * the reader's language with their `t` (i18next on the web, server/i18n.ts `translate` in exports).
 */
export type HistoryParam =
  | string
  | number
  /** A nested phrase or a fixed word (a role, a mode, "System"), translated first. */
  | HistoryPhrase
  /** Change phrases, each translated, joined as a list ("a, b and c"). */
  | { list: HistoryPhrase[] }
  /** An ISO time, written as a date and time in the reader's language. */
  | { date: string }
  /** A score or weight, written with at most one decimal in the reader's language. */
  | { number: number };

export interface HistoryPhrase {
  key: string;
  params?: Record<string, HistoryParam>;
}

export type HistorySentence = HistoryPhrase;

const P = 'decisionHistory';

/** Kinds whose changes read as "<actor> <phrase, phrase and phrase>". */
const CHANGE_KINDS = new Set<HistoryEntry['kind']>([
  'edited',
  'options_changed',
  'criteria_changed',
  'mode_changed',
  'deadline_changed',
  'visibility_changed',
  'role_changed',
]);

function text(value: HistoryValue): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function num(value: HistoryValue): HistoryParam {
  return typeof value === 'number' ? { number: value } : text(value);
}

function count(changes: readonly HistoryChange[], field: string): number | null {
  const change = changes.find((candidate) => candidate.field === field);
  return change && typeof change.to === 'number' ? change.to : null;
}

/** A fixed word stored as a value (a role, a mode, a visibility), translated under `decisionHistory.value`. */
function word(group: string, value: HistoryValue): HistoryParam {
  return typeof value === 'string' ? { key: `${P}.value.${group}.${value}` } : text(value);
}

/** The phrase of one change of a change kind, without the actor ("renamed the option A to B"). */
function changePhrase(change: HistoryChange, subject: HistoryParam): HistoryPhrase {
  const { field, from, to, item } = change;
  if (item) {
    const type = item.type;
    const name = item.name;
    switch (field) {
      case 'added':
        return { key: `${P}.phrase.${type}Added`, params: { name: text(to) || name } };
      case 'removed':
        return { key: `${P}.phrase.${type}Removed`, params: { name: text(from) || name } };
      case 'renamed':
        return { key: `${P}.phrase.${type}Renamed`, params: { from: text(from), to: text(to) } };
      case 'importance':
        return { key: `${P}.phrase.importance`, params: { name, from: num(from), to: num(to) } };
      case 'minimum':
        if (to === null) return { key: `${P}.phrase.minimumRemoved`, params: { name } };
        if (from === null) return { key: `${P}.phrase.minimumSet`, params: { name, to: num(to) } };
        return { key: `${P}.phrase.minimumChanged`, params: { name, from: num(from), to: num(to) } };
      case 'anchors':
        return { key: `${P}.phrase.anchors`, params: { name } };
      case 'kind':
        return { key: `${P}.phrase.${to === 'measure' ? 'kindMeasure' : 'kindScore'}`, params: { name } };
      case 'unit':
        return { key: `${P}.phrase.unit`, params: { name, to: text(to) } };
      case 'direction':
        return {
          key: `${P}.phrase.${to === 'lower' ? 'directionLower' : 'directionHigher'}`,
          params: { name },
        };
      case 'worst':
      case 'best':
        if (to === null) return { key: `${P}.phrase.${field}FromData`, params: { name } };
        return { key: `${P}.phrase.${field}Set`, params: { name, to: num(to) } };
    }
  }
  switch (field) {
    case 'title':
      return { key: `${P}.phrase.title`, params: { from: text(from), to: text(to) } };
    case 'description':
      return { key: `${P}.phrase.description` };
    case 'mode':
      return { key: `${P}.phrase.mode`, params: { from: word('mode', from), to: word('mode', to) } };
    case 'deadline':
      if (to === null) return { key: `${P}.phrase.deadlineRemoved` };
      if (from === null) return { key: `${P}.phrase.deadlineSet`, params: { to: { date: text(to) } } };
      return {
        key: `${P}.phrase.deadlineMoved`,
        params: { from: { date: text(from) }, to: { date: text(to) } },
      };
    case 'visibility':
      return { key: `${P}.phrase.visibility.${text(to)}` };
    case 'results_visibility':
      return {
        key: `${P}.phrase.resultsVisibility`,
        params: { from: word('results', from), to: word('results', to) },
      };
    case 'role':
      return {
        key: `${P}.phrase.role`,
        params: { subject, from: word('role', from), to: word('role', to) },
      };
  }
  return { key: `${P}.phrase.other` };
}

function personName(person: { display_name: string } | { kind: 'system' } | null): HistoryParam {
  if (person === null) return { key: `${P}.someone` };
  return 'kind' in person ? { key: `${P}.system` } : person.display_name;
}

/** The sentence of one history entry, as the presenter of server/modules/history hands it out. */
export function historySentenceOf(entry: HistoryEntry): HistorySentence {
  const actor = personName(entry.actor);
  const subject = personName(entry.subject);
  const { changes } = entry;
  if (CHANGE_KINDS.has(entry.kind) && changes.length > 0) {
    const list = changes.map((change) => changePhrase(change, subject));
    return { key: `${P}.sentence.did`, params: { actor, changes: { list } } };
  }
  switch (entry.kind) {
    case 'vote_saved': {
      // A personal decision's save (it has a version) changed the owner's values; a team vote counts
      // its cells. `values` is what entries recorded before the field became `cells` carry.
      const cells = count(changes, 'cells');
      const values = entry.version_id !== null ? cells : count(changes, 'values');
      if (values !== null) return { key: `${P}.sentence.valuesChanged`, params: { actor, count: values } };
      return cells === null
        ? { key: `${P}.sentence.voted`, params: { actor } }
        : { key: `${P}.sentence.votedCells`, params: { actor, count: cells } };
    }
    case 'weights_saved': {
      const weights = count(changes, 'weights');
      return weights === null
        ? { key: `${P}.sentence.weighted`, params: { actor } }
        : { key: `${P}.sentence.weightedCount`, params: { actor, count: weights } };
    }
    case 'facts_saved': {
      const facts = count(changes, 'facts');
      return facts === null
        ? { key: `${P}.sentence.factsSaved`, params: { actor } }
        : { key: `${P}.sentence.factsSavedCount`, params: { actor, count: facts } };
    }
    case 'ai_scored': {
      const cells = count(changes, 'cells');
      return cells === null
        ? { key: `${P}.sentence.aiScored`, params: { actor } }
        : { key: `${P}.sentence.aiScoredCells`, params: { actor, count: cells } };
    }
    case 'voting_ended': {
      const leader = changes.find((change) => change.field === 'leader')?.to;
      const system = 'kind' in entry.actor;
      if (leader && typeof leader === 'object' && !Array.isArray(leader)) {
        const params = { actor, name: text(leader.name ?? null), total: num(leader.total ?? null) };
        return { key: `${P}.sentence.${system ? 'votingEndedLeader' : 'votingEndedByLeader'}`, params };
      }
      return { key: `${P}.sentence.${system ? 'votingEnded' : 'votingEndedBy'}`, params: { actor } };
    }
    case 'outcome_recorded': {
      const change = changes.find((candidate) => candidate.field === 'outcome');
      if (change && change.from !== null && change.from !== change.to) {
        return {
          key: `${P}.sentence.outcomeChanged`,
          params: { actor, from: text(change.from), to: text(change.to) },
        };
      }
      return { key: `${P}.sentence.outcomeRecorded`, params: { actor, to: text(change?.to ?? null) } };
    }
    case 'member_invited':
    case 'member_joined': {
      const role = changes.find((change) => change.field === 'role')?.to ?? null;
      const key = `${P}.sentence.${entry.kind}`;
      return role === null
        ? { key, params: { actor, subject } }
        : { key: `${key}As`, params: { actor, subject, role: word('role', role) } };
    }
    case 'member_removed': {
      // Leaving (a workspace, or one's own account) reads differently from being removed.
      const self =
        'user_id' in entry.actor && entry.subject !== null && entry.actor.user_id === entry.subject.user_id;
      return { key: `${P}.sentence.${self ? 'memberLeft' : 'member_removed'}`, params: { actor, subject } };
    }
    case 'restored': {
      return { key: `${P}.sentence.restored`, params: { actor } };
    }
    default:
      return { key: `${P}.sentence.${entry.kind}`, params: { actor } };
  }
}

export type Translate = (key: string, params: Record<string, string | number>) => string;

/**
 * The sentence as text: nested phrases translated first, lists joined in the reader's language
 * (Intl.ListFormat), dates and numbers formatted there. `timeZone` defaults to the runtime's (the
 * browser's on the web; the exports pass UTC).
 */
export function renderHistorySentence(
  sentence: HistoryPhrase,
  t: Translate,
  language: string,
  options: { timeZone?: string } = {},
): string {
  const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const dates = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  });
  const lists = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });
  const render = (phrase: HistoryPhrase): string => {
    const params: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(phrase.params ?? {})) {
      if (typeof value === 'string' || typeof value === 'number') params[name] = value;
      else if ('list' in value) params[name] = lists.format(value.list.map(render));
      else if ('date' in value) {
        const date = new Date(value.date);
        params[name] = Number.isNaN(date.getTime()) ? value.date : dates.format(date);
      } else if ('number' in value) params[name] = numbers.format(value.number);
      else params[name] = render(value);
    }
    return t(phrase.key, params);
  };
  return render(sentence);
}
