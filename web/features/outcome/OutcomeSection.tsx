import { useState } from 'react';
import { CircleCheckBig, ClipboardPen, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { useLocale } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { OutcomeDialog } from './OutcomeDialog.tsx';
import { leadingOptionIdOf, useRemoveOutcome } from './outcome-api.ts';

type OutcomeDetails = Pick<
  DecisionDetails,
  'decision' | 'options' | 'results' | 'outcome' | 'teamMembers' | 'abilities'
>;

interface OutcomeSectionProps {
  details: OutcomeDetails;
  /** Whether the caller may record, change or remove it now (the server's `canDecide`). */
  canDecide: boolean;
}

/**
 * What was decided: a banner once an outcome is recorded (with Edit and Remove for those allowed), or
 * for them the "Record outcome" action; nothing for anyone else until there is an outcome.
 */
export function OutcomeSection({ details, canDecide }: OutcomeSectionProps) {
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  // No prompt to record an outcome while a personal result is incomplete (issue 25).
  const isPersonalWithoutResult =
    details.decision.type !== 'team' && details.results.no_result_reason !== null;
  if (!details.outcome && (!canDecide || isPersonalWithoutResult)) return null;
  return (
    <>
      {details.outcome ? (
        <OutcomeBanner
          details={{ ...details, outcome: details.outcome }}
          canDecide={canDecide}
          onEdit={() => setIsDialogOpen(true)}
        />
      ) : (
        <RecordOutcomePrompt
          isTeam={details.decision.type === 'team'}
          onRecord={() => setIsDialogOpen(true)}
        />
      )}
      <OutcomeDialog isOpen={isDialogOpen} onClose={() => setIsDialogOpen(false)} details={details} />
    </>
  );
}

function RecordOutcomePrompt({ isTeam, onRecord }: { isTeam: boolean; onRecord: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('outcome.region')}
      className="flex flex-col gap-3 rounded-2xl border border-teal-200 bg-teal-50 p-4 text-teal-950 sm:flex-row sm:items-center sm:justify-between dark:border-teal-900 dark:bg-teal-950/40 dark:text-teal-100"
    >
      <p className="text-sm">{isTeam ? t('outcome.promptTeam') : t('outcome.promptPersonal')}</p>
      <Button className="shrink-0 self-start sm:self-auto" onClick={onRecord}>
        <ClipboardPen aria-hidden size={16} />
        {t('outcome.recordAction')}
      </Button>
    </section>
  );
}

/**
 * "Recorded by Ada on …", "Recorded by you on …", or only "Recorded on …" when the page does not know
 * the name (a public decision's owner, for its readers: personal details list no people).
 */
function useRecordedLine(
  details: Pick<OutcomeDetails, 'teamMembers'> & { outcome: { decided_by: number | null } },
  date: string,
): string {
  const { t } = useTranslation();
  const readerId = useAuthStore((state) => state.user?.id);
  const decidedBy = details.outcome.decided_by;
  if (decidedBy !== null && decidedBy === readerId) return t('outcome.recordedByYou', { date });
  const member = details.teamMembers.find((candidate) => candidate.user_id === decidedBy);
  return member?.display_name
    ? t('outcome.recordedBy', { name: member.display_name, date })
    : t('outcome.recordedOn', { date });
}

interface OutcomeBannerProps {
  details: OutcomeDetails & { outcome: NonNullable<DecisionDetails['outcome']> };
  canDecide: boolean;
  onEdit: () => void;
}

/** "Decided: B", the leader when it differs, the rationale, the review day, who recorded it and when. */
function OutcomeBanner({ details, canDecide, onEdit }: OutcomeBannerProps) {
  const { t, format } = useLocale();
  const [isRemoveOpen, setIsRemoveOpen] = useState(false);
  const remove = useRemoveOutcome(details.decision.id);
  const { outcome, options } = details;
  const optionName = (id: number | null) => options.find((option) => option.id === id)?.name ?? '';
  const leaderId = leadingOptionIdOf(details);
  const isLeaderChosen = details.results.ranking.some(
    (entry) => entry.option_id === outcome.option_id && entry.is_top && entry.total !== null,
  );
  const recordedLine = useRecordedLine(details, format.dateTime(outcome.decided_at));
  const reviewDay = outcome.review_on ? format.date(`${outcome.review_on}T12:00:00`) : null;

  // mutateAsync, not mutate's callbacks: the reload that follows a removal unmounts this banner,
  // and TanStack Query drops the callbacks of an unmounted observer, so the toast would be lost.
  async function removeOutcome() {
    try {
      await remove.mutateAsync();
      notify('success', t('outcome.removed'));
    } catch (error) {
      notify('error', serverMessageOf(error) ?? t('outcome.removeFailed'));
    } finally {
      setIsRemoveOpen(false);
    }
  }

  return (
    <section
      aria-labelledby="outcome-heading"
      data-testid="outcome-banner"
      className="flex flex-col gap-3 rounded-2xl border border-teal-200 bg-teal-50 p-4 text-teal-950 dark:border-teal-900 dark:bg-teal-950/40 dark:text-teal-100"
    >
      <div className="flex items-start gap-3">
        <CircleCheckBig aria-hidden size={22} className="mt-0.5 shrink-0" />
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="outcome-heading" className="font-semibold break-words">
            {t('outcome.decided', { option: optionName(outcome.option_id) })}
          </h2>
          {leaderId !== null && !isLeaderChosen ? (
            <p className="text-sm">{t('outcome.leaderDiffers', { leader: optionName(leaderId) })}</p>
          ) : null}
          {outcome.rationale ? (
            <p className="text-sm break-words whitespace-pre-line">{outcome.rationale}</p>
          ) : null}
          <p className="text-sm">
            {[reviewDay ? t('outcome.reviewOnDate', { date: reviewDay }) : null, recordedLine]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </div>
      {canDecide ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={onEdit}>
            <Pencil aria-hidden size={14} />
            {t('outcome.edit')}
          </Button>
          <Button variant="danger" size="sm" onClick={() => setIsRemoveOpen(true)}>
            <Trash2 aria-hidden size={14} />
            {t('outcome.remove')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={isRemoveOpen}
        title={t('outcome.removeTitle')}
        message={t('outcome.removeConfirm')}
        confirmLabel={t('outcome.remove')}
        isBusy={remove.isPending}
        onConfirm={() => void removeOutcome()}
        onCancel={() => setIsRemoveOpen(false)}
      />
    </section>
  );
}
