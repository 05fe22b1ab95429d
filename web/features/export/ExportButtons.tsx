import { useState } from 'react';
import { FileSpreadsheet, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '../../../shared/api/export.ts';
import { Button } from '../../components/ui/Button.tsx';
import { NetworkError, serverMessageOf } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { downloadExport } from './export-api.ts';

/** "Download PDF" and "Download CSV" for anyone who can see the decision (loaded lazily with the page). */
export default function ExportButtons({ decisionId }: { decisionId: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  async function download(format: ExportFormat) {
    setBusy(format);
    try {
      await downloadExport(decisionId, format);
    } catch (error) {
      notify(
        'error',
        serverMessageOf(error) ?? (error instanceof NetworkError ? error.message : t('export.failed')),
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => void download('pdf')}
        disabled={busy !== null}
        aria-busy={busy === 'pdf'}
      >
        <FileText aria-hidden size={16} />
        {busy === 'pdf' ? t('export.downloading') : t('export.downloadPdf')}
      </Button>
      <Button
        variant="secondary"
        onClick={() => void download('csv')}
        disabled={busy !== null}
        aria-busy={busy === 'csv'}
      >
        <FileSpreadsheet aria-hidden size={16} />
        {busy === 'csv' ? t('export.downloading') : t('export.downloadCsv')}
      </Button>
    </>
  );
}
