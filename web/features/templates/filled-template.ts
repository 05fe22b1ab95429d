import type { TFunction } from 'i18next';
import { templateTextKeys, type DecisionTemplate } from '../../../shared/decision-templates.ts';
import type { CriterionAnchors } from '../../../shared/api/decisions.ts';

/** A template with its texts in the reader's language: what a form is filled with. */
export interface FilledTemplate {
  name: string;
  description: string;
  /** Example option names; empty when the template has none. */
  options: string[];
  /**
   * A workspace's shared criteria set (issue 29): it fills the criteria only; title, description and
   * options stay as typed.
   */
  criteriaOnly?: boolean;
  /** `minimum`: a must-have, which a workspace's shared criteria set may carry (issue 29). */
  criteria: { name: string; weight: number; minimum?: number | null; anchors: CriterionAnchors }[];
}

export function filledTemplate(t: TFunction, template: DecisionTemplate): FilledTemplate {
  const keys = templateTextKeys(template);
  return {
    name: t(keys.name),
    description: t(keys.description),
    options: keys.options.map((key) => t(key)),
    criteria: template.criteria.map((criterion, index) => ({
      name: t(keys.criteria[index]!.name),
      weight: criterion.weight,
      anchors: { low: t(keys.criteria[index]!.low), high: t(keys.criteria[index]!.high) },
    })),
  };
}
