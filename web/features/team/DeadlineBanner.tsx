import { useState } from 'react';
import { CalendarClock, CalendarOff, Lock, TimerOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import type { DecisionLock } from '../../../shared/api/decisions.ts';
import { useEndVoting } from './team-api.ts';
import { useDeadlineFormat } from './useDeadlineFormat.ts';

interface DeadlineBannerProps {
  decisionId: number;
  timer: string | null;
  now: number;
  /** From `useDecisionLock`: the server's lock, or the deadline passing while the page is open. */
  lock: DecisionLock;
  /** Owner and admin while nothing is locked: change the deadline or end voting. */
  canManageDeadline: boolean;
}

/** Expired (voting locked), the remaining time with the deadline, or "no deadline set". */
export function DeadlineBanner({ decisionId, timer, now, lock, canManageDeadline }: DeadlineBannerProps) {
  const { t } = useTranslation();
  const format = useDeadlineFormat();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  // An AI-completed decision is locked for that reason; its deadline may still have passed.
  const isExpired = lock === 'deadline' || (timer !== null && new Date(timer).getTime() <= now);
  const end = useEndVoting(decisionId);

  function endVotingNow() {
    end.mutate(undefined, {
      onSuccess: (result) => {
        setIsConfirmOpen(false);
        notify('success', result.message);
      },
      onError: (error) => {
        setIsConfirmOpen(false);
        notify('error', serverMessageOf(error) ?? t('teamView.endVotingFailed'));
      },
    });
  }

  const tone = isExpired
    ? 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100'
    : timer
      ? 'border-indigo-200 bg-indigo-50 text-indigo-950 dark:border-indigo-900 dark:bg-indigo-950/40 dark:text-indigo-100'
      : 'border-slate-200 bg-white text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200';
  const Icon = isExpired ? Lock : timer ? CalendarClock : CalendarOff;
  const showActions = canManageDeadline && !isExpired;

  return (
    <section
      aria-label={t('teamView.deadlineRegion')}
      data-state={isExpired ? 'expired' : timer ? 'running' : 'none'}
      className={`flex flex-col gap-3 rounded-2xl border p-4 sm:flex-row sm:items-center sm:justify-between ${tone}`}
    >
      <div className="flex items-start gap-3">
        <Icon aria-hidden size={22} className="mt-0.5 shrink-0" />
        <div>
          {isExpired && timer ? (
            <>
              <p className="font-semibold">{t('teamView.expired')}</p>
              <p className="text-sm">{t('teamView.endedAt', { moment: format.moment(timer) })}</p>
            </>
          ) : timer ? (
            <>
              <p className="font-semibold">
                {t('teamView.remaining', { remaining: format.remaining(new Date(timer).getTime() - now) })}
              </p>
              <p className="text-sm">{t('teamView.deadlineAt', { moment: format.moment(timer) })}</p>
            </>
          ) : (
            <p className="font-semibold">{t('teamView.noDeadline')}</p>
          )}
        </div>
      </div>
      {showActions ? (
        <div className="flex shrink-0 flex-wrap gap-2">
          <ButtonLink to={`/team-decision/${decisionId}/edit`} variant="secondary" size="sm">
            <CalendarClock aria-hidden size={14} />
            {t('teamView.changeDeadline')}
          </ButtonLink>
          <Button variant="danger" size="sm" onClick={() => setIsConfirmOpen(true)}>
            <TimerOff aria-hidden size={14} />
            {t('teamView.endVoting')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={isConfirmOpen}
        title={t('teamView.endVotingTitle')}
        message={t('teamView.endVotingConfirm')}
        confirmLabel={t('teamView.endVoting')}
        isBusy={end.isPending}
        onConfirm={endVotingNow}
        onCancel={() => setIsConfirmOpen(false)}
      />
    </section>
  );
}
