import { useState } from 'react';
import { CalendarPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { NetworkError, serverMessageOf } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { downloadDecisionCalendar } from './calendar-api.ts';

/**
 * "Add to calendar": downloads the decision's deadline as an .ics file (issue 32). The pages show it only
 * when the decision has a deadline; without one the server answers 404 NO_DEADLINE.
 */
export function AddToCalendarButton({ decisionId }: { decisionId: number }) {
  const { t } = useTranslation();
  const [isBusy, setIsBusy] = useState(false);

  async function download() {
    setIsBusy(true);
    try {
      await downloadDecisionCalendar(decisionId);
    } catch (error) {
      notify(
        'error',
        serverMessageOf(error) ??
          (error instanceof NetworkError ? error.message : t('calendar.downloadFailed')),
      );
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Button variant="secondary" onClick={() => void download()} disabled={isBusy} aria-busy={isBusy}>
      <CalendarPlus aria-hidden size={16} />
      {isBusy ? t('calendar.downloading') : t('calendar.addToCalendar')}
    </Button>
  );
}
