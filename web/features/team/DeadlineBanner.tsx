import { useState } from 'react';
import { Bot, CalendarClock, CalendarOff, Flag, TimerOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useFormatters } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import type { DecisionDetails, DecisionLock } from '../../../shared/api/decisions.ts';
import { useEndVoting } from './team-api.ts';
import { useDeadlineFormat } from './useDeadlineFormat.ts';
import type { VotingOutcome } from './voting-outcome.ts';

interface DeadlineBannerProps {
  decisionId: number;
  timer: string | null;
  now: number;
  /** From `useDecisionLock`: the server's lock, or the deadline passing while the page is open. */
  lock: DecisionLock;
  /** Owner and admin while nothing is locked: change the deadline or end voting. */
  canManageDeadline: boolean;
  /** Once voting ended or the AI completed the decision: who won, with what result. */
  outcome: VotingOutcome;
  /** Who ended voting by hand, and when (the details' `voting_ended`). */
  votingEnded: DecisionDetails['voting_ended'];
}

/** What the outcome of a closed decision says: the winner(s) and their team result, or no votes. */
function OutcomeLine({ outcome }: { outcome: VotingOutcome }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  if (outcome.kind === 'hidden') return null;
  if (outcome.kind === 'noVotes') return <p className="text-sm">{t('teamView.outcomeNoVotes')}</p>;
  if (outcome.kind === 'noResult')
    return <p className="text-sm">{t(outcome.message.key, { count: outcome.message.count })}</p>;
  const names = new Intl.ListFormat(i18n.resolvedLanguage, { type: 'conjunction' }).format(outcome.names);
  const total = format.number(outcome.total, 2);
  return (
    <p className="text-sm">
      {outcome.names.length > 1
        ? t('teamView.outcomeTie', { names, total })
        : t('teamView.outcomeWinner', { name: names, total })}
    </p>
  );
}

/**
 * Where the vote stands: running (time left and the deadline), no deadline, or over (voting ended,
 * or completed by AI) with the outcome.
 */
export function DeadlineBanner({
  decisionId,
  timer,
  now,
  lock,
  canManageDeadline,
  outcome,
  votingEnded,
}: DeadlineBannerProps) {
  const { t } = useTranslation();
  const format = useDeadlineFormat();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const isCompletedByAi = lock === 'ai';
  const isExpired = lock === 'deadline' || (timer !== null && new Date(timer).getTime() <= now);
  const isOver = isCompletedByAi || isExpired;
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

  const tone = isOver
    ? 'border-emerald-200 bg-emerald-50 text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100'
    : timer
      ? 'border-indigo-200 bg-indigo-50 text-indigo-950 dark:border-indigo-900 dark:bg-indigo-950/40 dark:text-indigo-100'
      : 'border-slate-200 bg-white text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200';
  const Icon = isCompletedByAi ? Bot : isExpired ? Flag : timer ? CalendarClock : CalendarOff;
  const showActions = canManageDeadline && !isOver;

  return (
    <section
      aria-label={t('teamView.deadlineRegion')}
      data-state={isCompletedByAi ? 'completed' : isExpired ? 'expired' : timer ? 'running' : 'none'}
      className={`flex flex-col gap-3 rounded-2xl border p-4 sm:flex-row sm:items-center sm:justify-between ${tone}`}
    >
      <div className="flex items-start gap-3">
        <Icon aria-hidden size={22} className="mt-0.5 shrink-0" />
        <div>
          {isOver ? (
            <>
              <p className="font-semibold">
                {isCompletedByAi ? t('teamView.completedByAi') : t('teamView.votingEnded')}
              </p>
              <OutcomeLine outcome={outcome} />
              {isExpired && votingEnded?.by ? (
                <p className="text-sm">
                  {t('teamView.endedBy', {
                    name: votingEnded.by.name,
                    moment: format.moment(votingEnded.at),
                  })}
                </p>
              ) : isExpired && timer ? (
                <p className="text-sm">{t('teamView.endedAt', { moment: format.moment(timer) })}</p>
              ) : null}
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
          <ButtonLink to={`/team-decision/${decisionId}/edit?tab=setup`} variant="secondary" size="sm">
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
