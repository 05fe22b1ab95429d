import { useState } from 'react';
import { ChevronDown, ChevronUp, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { ErrorNotice } from '../../components/ui/ErrorNotice.tsx';
import { LoadingNotice } from '../../components/ui/LoadingNotice.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { AddWebhookForm } from './AddWebhookForm.tsx';
import { eventLabelOf } from './webhook-labels.ts';
import { WebhookDeliveries } from './WebhookDeliveries.tsx';
import { WebhookSecretNotice } from './WebhookSecretNotice.tsx';
import { useRemoveWebhook, useWebhooksQuery, type Webhook, type WebhookScope } from './webhooks-api.ts';

/**
 * Issue 32: the outbound webhooks of a team decision or a workspace, for its owner and admins: the
 * list (URL masked), each one's deliveries, adding one (its secret shown once) and removing one.
 */
export function WebhooksSection({ scope }: { scope: WebhookScope }) {
  const { t } = useLocale();
  const webhooks = useWebhooksQuery(scope);
  const removal = useRemoveWebhook(scope);
  const [secret, setSecret] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);

  let content;
  if (webhooks.isPending) content = <LoadingNotice text={t('webhooks.loading')} />;
  else if (webhooks.isError)
    content = <ErrorNotice message={serverMessageOf(webhooks.error) ?? t('webhooks.loadFailed')} />;
  else if (webhooks.data.length === 0)
    content = <p className="text-sm text-slate-600 dark:text-slate-400">{t('webhooks.empty')}</p>;
  else
    content = (
      <ul
        aria-labelledby="webhooks-heading"
        className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800"
      >
        {webhooks.data.map((webhook) => (
          <WebhookItem key={webhook.id} webhook={webhook} onRemove={() => setRemoving(webhook)} />
        ))}
      </ul>
    );

  return (
    <SectionCard
      headingId="webhooks-heading"
      title={t('webhooks.title')}
      lead={'decisionId' in scope ? t('webhooks.leadDecision') : t('webhooks.leadWorkspace')}
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('webhooks.signatureHint')}</p>
      {content}
      {secret ? <WebhookSecretNotice secret={secret} onDone={() => setSecret(null)} /> : null}
      <AddWebhookForm scope={scope} onAdded={setSecret} />
      <ConfirmDialog
        isOpen={removing !== null}
        title={t('webhooks.removeTitle')}
        message={t('webhooks.removeConfirm', { url: removing?.url ?? '' })}
        confirmLabel={t('webhooks.remove')}
        isBusy={removal.isPending}
        onConfirm={() =>
          removing &&
          removal.mutate(removing.id, {
            onSuccess: () => {
              notify('success', t('webhooks.removed'));
              setRemoving(null);
            },
            onError: (error) => notify('error', serverMessageOf(error) ?? t('webhooks.removeFailed')),
          })
        }
        onCancel={() => setRemoving(null)}
      />
    </SectionCard>
  );
}

function WebhookItem({ webhook, onRemove }: { webhook: Webhook; onRemove: () => void }) {
  const { t, format } = useLocale();
  const [isOpen, setIsOpen] = useState(false);
  const panelId = `webhook-${webhook.id}-panel`;
  return (
    <li data-testid="webhook" className="flex flex-col gap-2 py-3">
      <p className="font-mono text-sm break-all text-slate-900 dark:text-white">{webhook.url}</p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {webhook.events.map((event) => eventLabelOf(t, event)).join(', ')} ·{' '}
        {webhook.format === 'slack' ? t('webhooks.add.formatSlack') : t('webhooks.add.formatJson')}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {webhook.created_by
          ? t('webhooks.createdBy', { name: webhook.created_by.name, date: format.date(webhook.created_at) })
          : t('webhooks.createdAt', { date: format.date(webhook.created_at) })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={isOpen}
          aria-controls={panelId}
          aria-label={
            isOpen ? t('webhooks.deliveries.hide') : t('webhooks.deliveries.showNamed', { url: webhook.url })
          }
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? <ChevronUp aria-hidden size={14} /> : <ChevronDown aria-hidden size={14} />}
          {isOpen ? t('webhooks.deliveries.hide') : t('webhooks.deliveries.show')}
        </Button>
        <Button
          variant="danger"
          size="sm"
          aria-label={t('webhooks.removeNamed', { url: webhook.url })}
          onClick={onRemove}
        >
          <Trash2 aria-hidden size={14} />
          {t('webhooks.remove')}
        </Button>
      </div>
      {isOpen ? (
        <div id={panelId}>
          <WebhookDeliveries webhookId={webhook.id} />
        </div>
      ) : null}
    </li>
  );
}
