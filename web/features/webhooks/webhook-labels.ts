import type { TFunction } from 'i18next';
import type { WebhookEvent } from '../../../shared/api/webhooks.ts';

/** An event's name for people: `decision.activated` → the text under `webhooks.events.decision_activated`. */
export function eventLabelOf(t: TFunction, event: WebhookEvent): string {
  return t(`webhooks.events.${event.replace('.', '_')}`);
}
