import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.ts';
import { allTemplateTextKeys, DECISION_TEMPLATES, templateTextKeys } from './decision-templates.ts';
import de from './i18n/de.json' with { type: 'json' };
import en from './i18n/en.json' with { type: 'json' };

function textAt(texts: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
}

describe('decision templates', () => {
  it('offers at least 8 templates with distinct ids', () => {
    expect(DECISION_TEMPLATES.length).toBeGreaterThanOrEqual(8);
    expect(new Set(DECISION_TEMPLATES.map((template) => template.id)).size).toBe(DECISION_TEMPLATES.length);
  });

  for (const template of DECISION_TEMPLATES) {
    describe(template.id, () => {
      it('has 4–7 criteria with whole default weights adding up to 100, and 0–3 example options', () => {
        expect(template.criteria.length).toBeGreaterThanOrEqual(4);
        expect(template.criteria.length).toBeLessThanOrEqual(7);
        expect(template.criteria.reduce((sum, criterion) => sum + criterion.weight, 0)).toBe(100);
        for (const criterion of template.criteria) {
          expect(Number.isInteger(criterion.weight)).toBe(true);
          expect(criterion.weight).toBeGreaterThan(0);
        }
        expect(template.options.length).toBeLessThanOrEqual(3);
      });

      for (const [language, texts] of [
        ['en', en],
        ['de', de],
      ] as const) {
        it(`has every text in ${language}, names and anchors within the limits`, () => {
          for (const key of allTemplateTextKeys(template)) {
            const text = textAt(texts, key);
            expect(typeof text, `${language}: ${key}`).toBe('string');
            expect((text as string).trim(), `${language}: ${key}`).not.toBe('');
          }
          const keys = templateTextKeys(template);
          expect((textAt(texts, keys.name) as string).length).toBeLessThanOrEqual(LIMITS.decision.nameMax);
          for (const criterion of keys.criteria) {
            expect((textAt(texts, criterion.name) as string).length).toBeLessThanOrEqual(
              LIMITS.decision.criterionNameMax,
            );
            // Every criterion says what its lowest and its highest score mean.
            for (const anchor of [criterion.low, criterion.high]) {
              expect((textAt(texts, anchor) as string).length).toBeLessThanOrEqual(LIMITS.decision.anchorMax);
            }
          }
          const criterionNames = keys.criteria.map((criterion) => textAt(texts, criterion.name) as string);
          expect(new Set(criterionNames.map((name) => name.toLocaleLowerCase())).size).toBe(
            criterionNames.length,
          );
        });
      }
    });
  }

  it('has no texts left over from a removed template or criterion', () => {
    for (const texts of [en, de]) {
      const items = texts.templates.items as Record<string, { criteria: object; options?: object }>;
      expect(Object.keys(items).sort()).toEqual(DECISION_TEMPLATES.map((template) => template.id).sort());
      for (const template of DECISION_TEMPLATES) {
        expect(Object.keys(items[template.id]!.criteria).sort()).toEqual(
          template.criteria.map((criterion) => criterion.key).sort(),
        );
        expect(Object.keys(items[template.id]!.options ?? {}).sort()).toEqual([...template.options].sort());
      }
    }
  });
});
