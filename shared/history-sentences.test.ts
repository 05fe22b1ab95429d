import { describe, expect, it } from 'vitest';
import en from './i18n/en.json' with { type: 'json' };
import de from './i18n/de.json' with { type: 'json' };
import type { HistoryChange, HistoryEntry } from './api/history.ts';
import { historySentenceOf, renderHistorySentence } from './history-sentences.ts';

type Catalog = Record<string, unknown>;

/** The catalogs as i18next reads them: nested keys, `{{name}}`, `_one`/`_other` by `count`. */
function translator(catalog: Catalog, language: string) {
  const lookup = (key: string): string | undefined => {
    let node: unknown = catalog;
    for (const part of key.split('.')) node = (node as Catalog | undefined)?.[part];
    return typeof node === 'string' ? node : undefined;
  };
  return (key: string, params: Record<string, string | number>): string => {
    const plural =
      typeof params.count === 'number'
        ? `${key}_${new Intl.PluralRules(language).select(params.count)}`
        : key;
    const template = lookup(plural) ?? lookup(key);
    if (template === undefined) throw new Error(`missing ${language} key ${key}`);
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      if (!(name in params)) throw new Error(`missing param ${name} of ${key}`);
      return String(params[name]);
    });
  };
}

const anna = { user_id: 1, display_name: 'Anna' };
const ben = { user_id: 2, display_name: 'Ben' };

function entry(
  kind: HistoryEntry['kind'],
  changes: HistoryChange[],
  extra: Partial<HistoryEntry> = {},
): HistoryEntry {
  return {
    id: 1,
    at: '2026-03-01T10:00:00.000Z',
    kind,
    actor: anna,
    subject: null,
    changes,
    version_id: null,
    ...extra,
  };
}

const say = (language: 'en' | 'de', value: HistoryEntry) =>
  renderHistorySentence(
    historySentenceOf(value),
    translator(language === 'en' ? en : de, language),
    language,
    {
      timeZone: 'UTC',
    },
  );

const price = { type: 'criterion' as const, id: 5, name: 'Price' };

describe('history sentences', () => {
  it('names a weight change with both values', () => {
    const value = entry('criteria_changed', [{ field: 'importance', from: 30, to: 40, item: price }]);
    expect(say('en', value)).toBe('Anna changed the weight of Price from 30 to 40');
    expect(say('de', value)).toBe('Anna hat das Gewicht von Price von 30 auf 40 geändert');
  });

  it('counts the cells of a vote, never a value', () => {
    const value = entry('vote_saved', [{ field: 'cells', from: null, to: 12 }], { actor: ben });
    expect(say('en', value)).toBe('Ben voted (12 cells)');
    expect(say('de', value)).toBe('Ben hat abgestimmt (12 Zellen)');
    const one = entry('vote_saved', [{ field: 'cells', from: null, to: 1 }], { actor: ben });
    expect(say('en', one)).toBe('Ben voted (1 cell)');
    const personal = entry('vote_saved', [{ field: 'cells', from: null, to: 3 }], { version_id: 7 });
    expect(say('en', personal)).toBe('Anna changed 3 values');
    expect(say('de', personal)).toBe('Anna hat 3 Werte geändert');
    expect(say('de', one)).toBe('Ben hat abgestimmt (1 Zelle)');
  });

  it('says who ended voting and, when shown, who leads in the reader’s number format', () => {
    const leader = { field: 'leader', from: null, to: { option_id: 3, name: 'Lisbon', total: 7.4 } };
    const system = entry('voting_ended', [leader], { actor: { kind: 'system' } });
    expect(say('en', system)).toBe('Voting ended: Lisbon leads with 7.4');
    expect(say('de', system)).toBe('Abstimmung beendet: Lisbon führt mit 7,4');
    expect(say('en', entry('voting_ended', [leader]))).toBe('Anna ended voting: Lisbon leads with 7.4');
    expect(say('en', entry('voting_ended', []))).toBe('Anna ended voting');
    expect(say('de', entry('voting_ended', [], { actor: { kind: 'system' } }))).toBe('Abstimmung beendet');
  });

  it('joins several changes of one save into one sentence naming the actor once', () => {
    const value = entry('options_changed', [
      { field: 'added', from: null, to: 'Porto', item: { type: 'option', id: 9, name: 'Porto' } },
      { field: 'renamed', from: 'Lisbn', to: 'Lisbon', item: { type: 'option', id: 3, name: 'Lisbon' } },
      { field: 'removed', from: 'Faro', to: null, item: { type: 'option', id: 4, name: 'Faro' } },
    ]);
    expect(say('en', value)).toBe(
      'Anna added the option Porto, renamed the option Lisbn to Lisbon, and removed the option Faro',
    );
    expect(say('de', value)).toBe(
      'Anna hat die Option Porto hinzugefügt, die Option Lisbn in Lisbon umbenannt und die Option Faro entfernt',
    );
  });

  it('writes minimums, anchors, titles, modes, deadlines and visibility', () => {
    const value = entry('criteria_changed', [
      { field: 'minimum', from: null, to: 4, item: price },
      { field: 'anchors', from: null, to: { low: 'cheap', high: 'dear' }, item: price },
    ]);
    expect(say('en', value)).toBe('Anna set the minimum of Price to 4 and changed the scale labels of Price');
    expect(say('de', entry('edited', [{ field: 'title', from: 'Trip', to: 'Summer trip' }]))).toBe(
      'Anna hat die Entscheidung von „Trip“ in „Summer trip“ umbenannt',
    );
    expect(say('en', entry('mode_changed', [{ field: 'mode', from: 'manual', to: 'ai' }]))).toBe(
      'Anna switched the mode from manual to AI',
    );
    const deadline = entry('deadline_changed', [
      { field: 'deadline', from: '2026-03-01T10:00:00.000Z', to: '2026-03-02T12:30:00.000Z' },
    ]);
    const at = (iso: string) =>
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
        new Date(iso),
      );
    expect(say('en', deadline)).toBe(
      `Anna moved the deadline from ${at('2026-03-01T10:00:00.000Z')} to ${at('2026-03-02T12:30:00.000Z')}`,
    );
    expect(say('en', deadline)).toContain('Mar 2, 2026');
    expect(say('de', entry('deadline_changed', [{ field: 'deadline', from: 'x', to: null }]))).toBe(
      'Anna hat die Frist entfernt',
    );
    expect(
      say('en', entry('visibility_changed', [{ field: 'visibility', from: 'private', to: 'public' }])),
    ).toBe('Anna made the decision public');
    expect(
      say(
        'de',
        entry('visibility_changed', [{ field: 'results_visibility', from: 'always', to: 'after_close' }]),
      ),
    ).toBe('Anna hat die Sichtbarkeit der Ergebnisse von „immer“ auf „nach Ende der Abstimmung“ geändert');
  });

  it('names the member that member kinds are about, a former member included', () => {
    const former = { user_id: null, display_name: 'Former member' };
    const role = entry('role_changed', [{ field: 'role', from: 'viewer', to: 'editor' }], { subject: ben });
    expect(say('en', role)).toBe('Anna changed the role of Ben from viewer to editor');
    expect(say('de', role)).toBe('Anna hat die Rolle von Ben von Betrachter auf Bearbeiter geändert');
    const invited = entry('member_invited', [{ field: 'role', from: null, to: 'viewer' }], { subject: ben });
    expect(say('en', invited)).toBe('Anna invited Ben as viewer');
    const joined = entry('member_joined', [{ field: 'role', from: null, to: 'editor' }], {
      actor: ben,
      subject: ben,
    });
    expect(say('de', joined)).toBe('Ben ist als Bearbeiter beigetreten');
    expect(say('en', entry('member_removed', [], { subject: former }))).toBe('Anna removed Former member');
    expect(say('en', entry('member_removed', [], { actor: ben, subject: ben }))).toBe('Ben left');
  });

  it('has a sentence for every kind in both languages', () => {
    const kinds: HistoryEntry['kind'][] = [
      'created',
      'edited',
      'options_changed',
      'criteria_changed',
      'mode_changed',
      'deadline_changed',
      'visibility_changed',
      'activated',
      'member_invited',
      'member_joined',
      'member_removed',
      'role_changed',
      'vote_saved',
      'weights_saved',
      'facts_saved',
      'ai_scored',
      'ai_opinion',
      'voting_ended',
      'outcome_recorded',
      'outcome_removed',
      'restored',
    ];
    for (const kind of kinds) {
      for (const language of ['en', 'de'] as const) {
        expect(say(language, entry(kind, [], { subject: ben }))).not.toMatch(/\{\{|decisionHistory/);
      }
    }
    expect(say('en', entry('weights_saved', [{ field: 'weights', from: null, to: 3 }]))).toBe(
      'Anna saved their weights (3 criteria)',
    );
    expect(say('en', entry('facts_saved', [{ field: 'facts', from: null, to: 3 }]))).toBe(
      'Anna updated 3 facts',
    );
    expect(say('de', entry('facts_saved', [{ field: 'facts', from: null, to: 1 }]))).toBe(
      'Anna hat 1 Fakt aktualisiert',
    );
    expect(say('de', entry('ai_scored', [{ field: 'cells', from: null, to: 6 }]))).toBe(
      'Anna hat die Matrix von der KI bewerten lassen (6 Zellen)',
    );
    expect(say('en', entry('outcome_recorded', [{ field: 'outcome', from: null, to: 'Lisbon' }]))).toBe(
      'Anna recorded the outcome: Lisbon',
    );
    expect(say('de', entry('outcome_recorded', [{ field: 'outcome', from: 'Porto', to: 'Lisbon' }]))).toBe(
      'Anna hat das Ergebnis von Porto auf Lisbon geändert',
    );
    expect(say('en', entry('restored', [{ field: 'version', from: null, to: 4 }]))).toBe(
      'Anna restored an earlier version',
    );
  });
});
