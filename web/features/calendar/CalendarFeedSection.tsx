import { useRef, useState } from 'react';
import { Check, Copy, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { LoadingNotice } from '../../components/ui/LoadingNotice.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useCalendarFeedQuery, useResetCalendarFeed } from './calendar-api.ts';

type CopyState = 'idle' | 'copied' | 'failed';

/** "Calendar subscription" on the profile page: the secret feed URL with "Copy" and "Reset link" (issue 32). */
export function CalendarFeedSection() {
  const { t } = useTranslation();
  const feed = useCalendarFeedQuery();
  const reset = useResetCalendarFeed();
  const input = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<CopyState>('idle');
  const [isConfirming, setIsConfirming] = useState(false);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopyState('copied');
    } catch {
      // Without clipboard access (insecure context, denied permission) the text is selected instead.
      input.current?.select();
      setCopyState('failed');
    }
  }

  async function confirmReset() {
    try {
      await reset.mutateAsync();
      setCopyState('idle');
      notify('success', t('calendar.resetDone'));
    } catch (error) {
      notify(
        'error',
        t('calendar.resetFailed', { message: serverMessageOf(error) ?? t('common.unexpectedError') }),
      );
    } finally {
      setIsConfirming(false);
    }
  }

  return (
    <SectionCard headingId="calendar-feed" title={t('calendar.feedTitle')} lead={t('calendar.feedLead')}>
      {feed.isPending ? (
        <LoadingNotice text={t('calendar.loading')} />
      ) : feed.isError ? (
        <InlineAlert>{t('calendar.loadFailed')}</InlineAlert>
      ) : (
        <div className="flex flex-col gap-2">
          <label
            htmlFor="calendar-feed-url"
            className="text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t('calendar.feedLabel')}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id="calendar-feed-url"
              ref={input}
              readOnly
              value={feed.data.url}
              aria-describedby="calendar-feed-status"
              onFocus={(event) => event.currentTarget.select()}
              className={`${inputClasses} h-10 font-mono text-xs`}
            />
            <Button variant="secondary" className="shrink-0" onClick={() => void copy(feed.data.url)}>
              {copyState === 'copied' ? <Check aria-hidden size={16} /> : <Copy aria-hidden size={16} />}
              {t('calendar.copy')}
            </Button>
          </div>
          <p
            id="calendar-feed-status"
            role="status"
            className="min-h-5 text-sm text-slate-600 dark:text-slate-400"
          >
            {copyState === 'copied'
              ? t('calendar.copied')
              : copyState === 'failed'
                ? t('calendar.copyFailed')
                : t('calendar.feedSecret')}
          </p>
          <Button
            variant="danger"
            className="self-start"
            disabled={reset.isPending}
            onClick={() => setIsConfirming(true)}
          >
            <RefreshCw aria-hidden size={16} />
            {t('calendar.reset')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('calendar.resetTitle')}
        message={t('calendar.resetMessage')}
        confirmLabel={t('calendar.resetConfirm')}
        isBusy={reset.isPending}
        onConfirm={() => void confirmReset()}
        onCancel={() => setIsConfirming(false)}
      />
    </SectionCard>
  );
}
