import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { StatusLine, type StatusMessage } from '../../components/ui/StatusLine.tsx';

interface RecoveryCodesNoticeProps {
  codes: string[];
  email: string;
  onDone: () => void;
}

const FILE_NAME = 'decision-compass-recovery-codes.txt';

/** The recovery codes, shown this once right after two-step sign-in was turned on, to copy or download. */
export function RecoveryCodesNotice({ codes, email, onDone }: RecoveryCodesNoticeProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fileText = [t('twoStep.recoveryFileHeader', { email }), '', ...codes, ''].join('\n');

  // Nothing matters more on the page now: the codes cannot be shown again.
  useEffect(() => headingRef.current?.focus(), []);

  async function copyCodes() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setStatus({ tone: 'success', message: t('twoStep.copied') });
    } catch {
      setStatus({ tone: 'error', message: t('twoStep.copyFailed') });
    }
  }

  function downloadCodes() {
    const url = URL.createObjectURL(new Blob([fileText], { type: 'text/plain;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: FILE_NAME });
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold">
        {t('twoStep.recoveryTitle')}
      </h3>
      <p className="text-sm">{t('twoStep.recoveryLead')}</p>
      <ul
        aria-label={t('twoStep.recoveryListLabel')}
        className="grid gap-x-6 gap-y-1 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copyCodes()}>
          {t('twoStep.copy')}
        </Button>
        <Button variant="secondary" onClick={downloadCodes}>
          {t('twoStep.download')}
        </Button>
        <Button onClick={onDone}>{t('twoStep.recoveryDone')}</Button>
      </div>
      <StatusLine tone={status?.tone ?? 'info'} message={status?.message ?? null} />
    </div>
  );
}
