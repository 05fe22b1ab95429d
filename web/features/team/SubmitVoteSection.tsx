import { Lock, RotateCcw, Send } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { Button } from '../../components/ui/Button.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useSubmitVote } from './team-api.ts';
import { NOTICE_MS, toastFor } from './team-toast.ts';
import { submitStateOf } from './vote-submission-model.ts';

interface SubmitVoteSectionProps {
  details: DecisionDetails;
  userId: number | undefined;
  /** The form holds changes not saved yet: only the saved vote is submitted. */
  isDirty: boolean;
}

/**
 * Issue 27: "Submit vote" under `after_vote` (results appear once submitted), the notice that a
 * submitted vote is final, or that it was reopened. Nothing while voting cannot take a submission.
 */
export function SubmitVoteSection({ details, userId, isDirty }: SubmitVoteSectionProps) {
  const { t, i18n } = useTranslation();
  const submitVote = useSubmitVote(details.decision.id);
  const reasonId = useId();
  const state = submitStateOf(details, userId, isDirty);
  if (state.kind === 'none') return null;

  if (state.kind === 'submitted') {
    const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
    return (
      <div
        role="status"
        data-testid="vote-submitted"
        className="flex items-start gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100"
      >
        <Lock aria-hidden size={18} className="mt-0.5 shrink-0" />
        <p>{t('teamEdit.submittedNotice', { date: date.format(new Date(state.submittedAt)) })}</p>
      </div>
    );
  }

  const submit = async () => {
    try {
      await submitVote.mutateAsync();
      toastFor('success', t('teamEdit.submitDone'), NOTICE_MS.long);
    } catch (error) {
      toastFor('error', t('teamEdit.submitFailed'), NOTICE_MS.long, serverMessageOf(error) ?? undefined);
    }
  };
  const reason = state.blockedBy ? t(`teamEdit.${state.blockedBy}`) : null;

  return (
    <SectionCard
      headingId="submit-vote-heading"
      title={t('teamEdit.submitHeading')}
      lead={t('teamEdit.submitLead')}
    >
      {state.isReopened ? (
        <p
          role="status"
          data-testid="vote-reopened"
          className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <RotateCcw aria-hidden size={16} className="mt-0.5 shrink-0" />
          {t('teamEdit.reopenedNotice')}
        </p>
      ) : null}
      {reason ? (
        <p id={reasonId} className="text-sm text-slate-700 dark:text-slate-300">
          {reason}
        </p>
      ) : null}
      <div>
        <Button
          type="button"
          disabled={reason !== null || submitVote.isPending}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => void submit()}
        >
          <Send aria-hidden size={16} />
          {t('teamEdit.submitAction')}
        </Button>
      </div>
    </SectionCard>
  );
}
