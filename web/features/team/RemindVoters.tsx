import { useId } from 'react';
import { BellRing } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { ApiError, serverMessageOf } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useRemindVoters } from './reminders-api.ts';

interface RemindVotersProps {
  decisionId: number;
  /** How many a reminder would reach now (the server's `reminder_recipients`); null: the caller may not remind. */
  recipients: number | null;
  /** While the 12 hours since the last reminder run: when the next is possible. */
  nextReminderAt: string | null;
  /** The caller's `canRemind`, false as soon as the deadline passes on the open page. */
  canRemind: boolean;
  /** The deadline: a next reminder at or after it is never offered (the server refuses it too). */
  deadline: string | null;
  now: number;
}

/**
 * "Remind the 3 who have not voted" for owner and admin while voting is open: a notification and a
 * mail to every voter who has not voted in full. Disabled, saying until when, while the last reminder
 * is less than 12 hours old.
 */
export function RemindVoters({
  decisionId,
  recipients,
  nextReminderAt,
  canRemind,
  deadline,
  now,
}: RemindVotersProps) {
  const { t, format } = useLocale();
  const hintId = useId();
  const remind = useRemindVoters(decisionId);
  if (!canRemind || recipients === null || recipients === 0) return null;
  const isHeldBack = nextReminderAt !== null && new Date(nextReminderAt).getTime() > now;
  if (isHeldBack && deadline !== null && new Date(nextReminderAt).getTime() >= new Date(deadline).getTime()) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">{t('remind.noneBeforeDeadline')}</p>;
  }

  function sendReminder() {
    remind.mutate(undefined, {
      onSuccess: ({ reminded }) =>
        notify('success', reminded ? t('remind.sent', { count: reminded }) : t('remind.nobody')),
      onError: (error) =>
        notify(
          'error',
          error instanceof ApiError && error.code === 'REMINDER_TOO_SOON'
            ? t('remind.tooSoon')
            : (serverMessageOf(error) ?? t('remind.failed')),
        ),
    });
  }

  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
      <Button
        variant="secondary"
        className="self-start"
        disabled={isHeldBack || remind.isPending}
        aria-describedby={hintId}
        onClick={sendReminder}
      >
        <BellRing aria-hidden size={16} />
        {t('remind.action', { count: recipients })}
      </Button>
      <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
        {isHeldBack ? t('remind.nextAt', { time: format.dateTime(nextReminderAt) }) : t('remind.hint')}
      </p>
    </div>
  );
}
