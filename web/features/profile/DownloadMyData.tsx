import { useState } from 'react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { downloadMyData } from './profile-api.ts';

/** "Download my data" (issue 28): a ZIP of the profile, decisions and notifications. */
export function DownloadMyData() {
  const { t } = useTranslation();
  const [isPreparing, setIsPreparing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function download() {
    setFailure(null);
    setIsPreparing(true);
    try {
      await downloadMyData();
    } catch (error) {
      // The server's own message says when the hourly limit ends.
      setFailure(serverMessageOf(error) ?? t('account.exportFailed'));
    } finally {
      setIsPreparing(false);
    }
  }

  return (
    <SectionCard headingId="my-data-heading" title={t('account.exportTitle')} lead={t('account.exportIntro')}>
      <div className="flex flex-col gap-2">
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => void download()}
          disabled={isPreparing}
        >
          <Download aria-hidden="true" className="size-4" />
          {isPreparing ? t('account.exporting') : t('account.exportButton')}
        </Button>
        <StatusLine tone="error" message={failure} />
      </div>
    </SectionCard>
  );
}
