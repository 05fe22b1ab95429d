import type { Operator } from '../../../shared/api/operator.ts';
import type { OperatorConfig, RetentionConfig } from '../../config.ts';

/** The only operator fields that leave the server: what the legal pages print. */
export function presentOperator(operator: OperatorConfig, retention: RetentionConfig): Operator {
  return {
    name: operator.name ?? null,
    address: operator.address ?? null,
    email: operator.email ?? null,
    retention: {
      unconfirmed_account_days: retention.unconfirmedAccountDays,
      notification_days: retention.notificationDays,
    },
  };
}
