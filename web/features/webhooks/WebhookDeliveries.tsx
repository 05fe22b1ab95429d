import { RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { ErrorNotice } from '../../components/ui/ErrorNotice.tsx';
import { LoadingNotice } from '../../components/ui/LoadingNotice.tsx';
import { Table, TD, TH, TR } from '../../components/ui/Table.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/format.ts';
import { eventLabelOf } from './webhook-labels.ts';
import { useWebhookDeliveriesQuery, type WebhookDelivery } from './webhooks-api.ts';

/** The newest deliveries of one webhook: event, time, status, attempts, last answer, next attempt. */
export function WebhookDeliveries({ webhookId }: { webhookId: number }) {
  const { t, format } = useLocale();
  const deliveries = useWebhookDeliveriesQuery(webhookId);
  const captionId = `webhook-${webhookId}-deliveries`;

  if (deliveries.isPending) return <LoadingNotice text={t('webhooks.deliveries.loading')} />;
  if (deliveries.isError)
    return <ErrorNotice message={serverMessageOf(deliveries.error) ?? t('webhooks.deliveries.loadFailed')} />;

  const answerOf = (delivery: WebhookDelivery) =>
    delivery.last_status !== null
      ? t('webhooks.httpStatus', { status: delivery.last_status })
      : delivery.last_error
        ? t(`webhooks.error.${delivery.last_error}`)
        : t('webhooks.deliveries.none');

  return (
    <div className="flex flex-col gap-2">
      {deliveries.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('webhooks.deliveries.empty')}</p>
      ) : (
        <Table caption={t('webhooks.deliveries.title')} captionId={captionId}>
          <thead>
            <tr>
              <TH edge="first">{t('webhooks.deliveries.event')}</TH>
              <TH>{t('webhooks.deliveries.time')}</TH>
              <TH>{t('webhooks.deliveries.state')}</TH>
              <TH align="end">{t('webhooks.deliveries.attempts')}</TH>
              <TH>{t('webhooks.deliveries.answer')}</TH>
              <TH edge="last">{t('webhooks.deliveries.nextAttempt')}</TH>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.map((delivery) => (
              <TR key={delivery.id} data-testid="webhook-delivery">
                <TD edge="first">{eventLabelOf(t, delivery.event)}</TD>
                <TD>{format.dateTime(delivery.created_at)}</TD>
                <TD>{t(`webhooks.state.${delivery.state}`)}</TD>
                <TD align="end">{delivery.attempts}</TD>
                <TD>{answerOf(delivery)}</TD>
                <TD edge="last">
                  {delivery.next_attempt_at
                    ? format.dateTime(delivery.next_attempt_at)
                    : t('webhooks.deliveries.none')}
                </TD>
              </TR>
            ))}
          </tbody>
        </Table>
      )}
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        disabled={deliveries.isFetching}
        onClick={() => void deliveries.refetch()}
      >
        <RefreshCw aria-hidden size={14} />
        {t('webhooks.deliveries.refresh')}
      </Button>
    </div>
  );
}
