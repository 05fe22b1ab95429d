/**
 * Starting points for a new decision (issue 17): each template names its criteria with default weights
 * (adding up to 100) and scale anchors, and a few example options where they make sense. Only ids and
 * numbers live here; every text is in shared/i18n under `templates.items.<id>`, so a template reads
 * naturally in each language.
 */

export interface TemplateCriterion {
  /** Names the criterion's texts: `templates.items.<id>.criteria.<key>.{name,low,high}`. */
  key: string;
  /** Default weight in percent; a template's weights add up to 100. */
  weight: number;
}

export interface DecisionTemplate {
  id: string;
  criteria: readonly TemplateCriterion[];
  /** Example options (`templates.items.<id>.options.<key>`); empty where any example would mislead. */
  options: readonly string[];
}

export const DECISION_TEMPLATES = [
  {
    id: 'laptop',
    criteria: [
      { key: 'price', weight: 25 },
      { key: 'performance', weight: 25 },
      { key: 'battery', weight: 20 },
      { key: 'weight', weight: 15 },
      { key: 'display', weight: 15 },
    ],
    options: [],
  },
  {
    id: 'apartment',
    criteria: [
      { key: 'rent', weight: 30 },
      { key: 'location', weight: 20 },
      { key: 'commute', weight: 20 },
      { key: 'size', weight: 15 },
      { key: 'condition', weight: 15 },
    ],
    options: [],
  },
  {
    id: 'hiring',
    criteria: [
      { key: 'skills', weight: 30 },
      { key: 'experience', weight: 20 },
      { key: 'teamFit', weight: 20 },
      { key: 'potential', weight: 15 },
      { key: 'salary', weight: 15 },
    ],
    options: ['candidateA', 'candidateB'],
  },
  {
    id: 'software',
    criteria: [
      { key: 'features', weight: 30 },
      { key: 'usability', weight: 20 },
      { key: 'cost', weight: 20 },
      { key: 'integration', weight: 15 },
      { key: 'support', weight: 15 },
    ],
    options: [],
  },
  {
    id: 'supplier',
    criteria: [
      { key: 'price', weight: 30 },
      { key: 'quality', weight: 25 },
      { key: 'delivery', weight: 20 },
      { key: 'service', weight: 15 },
      { key: 'terms', weight: 10 },
    ],
    options: ['supplierA', 'supplierB', 'supplierC'],
  },
  {
    id: 'jobOffer',
    criteria: [
      { key: 'salary', weight: 25 },
      { key: 'work', weight: 25 },
      { key: 'balance', weight: 20 },
      { key: 'growth', weight: 15 },
      { key: 'team', weight: 15 },
    ],
    options: ['currentJob', 'offerA', 'offerB'],
  },
  {
    id: 'offsite',
    criteria: [
      { key: 'cost', weight: 25 },
      { key: 'travel', weight: 20 },
      { key: 'rooms', weight: 20 },
      { key: 'accommodation', weight: 20 },
      { key: 'activities', weight: 15 },
    ],
    options: [],
  },
  {
    id: 'utility',
    criteria: [
      { key: 'benefit', weight: 30 },
      { key: 'cost', weight: 25 },
      { key: 'effort', weight: 20 },
      { key: 'risk', weight: 15 },
      { key: 'time', weight: 10 },
    ],
    options: ['optionA', 'optionB'],
  },
] as const satisfies readonly DecisionTemplate[];

export type TemplateId = (typeof DECISION_TEMPLATES)[number]['id'];

/** The i18n keys of a template's texts (all under the top-level `templates` namespace). */
export function templateTextKeys(template: DecisionTemplate) {
  const base = `templates.items.${template.id}`;
  return {
    name: `${base}.name`,
    description: `${base}.description`,
    criteria: template.criteria.map((criterion) => ({
      name: `${base}.criteria.${criterion.key}.name`,
      /** What the lowest score of the scale means. */
      low: `${base}.criteria.${criterion.key}.low`,
      /** What the highest score of the scale means. */
      high: `${base}.criteria.${criterion.key}.high`,
    })),
    options: template.options.map((option) => `${base}.options.${option}`),
  };
}

/** Every text key of a template in one list (for the completeness test). */
export function allTemplateTextKeys(template: DecisionTemplate): string[] {
  const keys = templateTextKeys(template);
  return [
    keys.name,
    keys.description,
    ...keys.criteria.flatMap((criterion) => [criterion.name, criterion.low, criterion.high]),
    ...keys.options,
  ];
}
