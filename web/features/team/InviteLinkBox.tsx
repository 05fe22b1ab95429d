import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { inputClasses } from '../../components/ui/TextField.tsx';

const COPIED_FEEDBACK_MS = 2500;

/** The invitation link, read-only and selectable, with a copy button that confirms the copy. */
export function InviteLinkBox({ email, link }: { email: string; link: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (copyState === 'idle') return;
    const timer = setTimeout(() => setCopyState('idle'), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copyState]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopyState('copied');
    } catch {
      // Without clipboard access (insecure context, denied permission) the text is selected instead.
      input.current?.select();
      setCopyState('failed');
    }
  }

  return (
    <div className="flex flex-col gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-900 dark:bg-emerald-950/40">
      <label htmlFor="invite-link" className="text-sm font-medium text-emerald-900 dark:text-emerald-100">
        {t('teamInvite.linkLabel', { email })}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="invite-link"
          ref={input}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className={`${inputClasses} h-10 font-mono text-xs`}
        />
        <Button variant="secondary" className="shrink-0" onClick={() => void copy()}>
          {copyState === 'copied' ? <Check aria-hidden size={16} /> : <Copy aria-hidden size={16} />}
          {t('teamInvite.copy')}
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-emerald-900 dark:text-emerald-100">
        {copyState === 'copied'
          ? t('teamInvite.copied')
          : copyState === 'failed'
            ? t('teamInvite.copyFailed')
            : t('teamInvite.linkHint')}
      </p>
    </div>
  );
}
