import { useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { inputClasses } from '../../components/ui/TextField.tsx';

/** The new webhook's signing secret, shown this once: read-only, selectable, with Copy and Done. */
export function WebhookSecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopyState('copied');
    } catch {
      // Without clipboard access the text is selected, so it can be copied by hand.
      input.current?.select();
      setCopyState('failed');
    }
  }

  return (
    <div
      data-testid="webhook-secret"
      className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <h3 className="font-semibold text-amber-950 dark:text-amber-100">{t('webhooks.secret.title')}</h3>
      <p id="webhook-secret-once" className="text-sm text-amber-950 dark:text-amber-100">
        {t('webhooks.secret.once')}
      </p>
      <label htmlFor="webhook-secret-value" className="sr-only">
        {t('webhooks.secret.label')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="webhook-secret-value"
          ref={input}
          readOnly
          value={secret}
          aria-describedby="webhook-secret-once"
          onFocus={(event) => event.currentTarget.select()}
          className={`${inputClasses} h-10 font-mono text-xs`}
        />
        <Button variant="secondary" className="shrink-0" onClick={() => void copy()}>
          {copyState === 'copied' ? <Check aria-hidden size={16} /> : <Copy aria-hidden size={16} />}
          {t('webhooks.secret.copy')}
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-amber-950 dark:text-amber-100">
        {copyState === 'copied'
          ? t('webhooks.secret.copied')
          : copyState === 'failed'
            ? t('webhooks.secret.copyFailed')
            : ''}
      </p>
      <Button variant="secondary" className="self-start" onClick={onDone}>
        {t('webhooks.secret.done')}
      </Button>
    </div>
  );
}
