import { useState } from 'react';
import { FileSpreadsheet, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '../../../shared/api/export.ts';
import { Button } from '../../components/ui/Button.tsx';
import { NetworkError, serverMessageOf } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { downloadExport } from './export-api.ts';

const EXPORT_BUTTONS = [
  { format: 'pdf', Icon: FileText, labelKey: 'export.downloadPdf' },
  { format: 'csv', Icon: FileSpreadsheet, labelKey: 'export.downloadCsv' },
] as const;

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
      {EXPORT_BUTTONS.map(({ format, Icon, labelKey }) => (
        <Button
          key={format}
          variant="secondary"
          onClick={() => void download(format)}
          disabled={busy !== null}
          aria-busy={busy === format}
        >
          <Icon aria-hidden size={16} />
          {busy === format ? t('export.downloading') : t(labelKey)}
        </Button>
      ))}
    </>
  );
}
