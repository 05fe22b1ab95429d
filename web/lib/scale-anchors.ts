import type { TFunction } from 'i18next';
import type { CriterionAnchors } from '../../shared/api/decisions.ts';
import type { Scale } from './matrix-model.ts';

/**
 * "1 = > 2,000 € · 10 = < 800 €": what the ends of the scale mean, shown beside a grid's inputs;
 * null when the criterion has no anchors.
 */
export function scaleAnchorsText(
  t: TFunction,
  anchors: CriterionAnchors | null | undefined,
  scale: Scale,
): string | null {
  const parts = [
    anchors?.low.trim() ? t('decisionForm.anchorPart', { score: scale.min, text: anchors.low.trim() }) : null,
    anchors?.high.trim()
      ? t('decisionForm.anchorPart', { score: scale.max, text: anchors.high.trim() })
      : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join(' · ') : null;
}
