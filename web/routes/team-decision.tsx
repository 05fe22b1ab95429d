import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ClipboardCheck, Eye, RotateCw, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { DecisionDetails } from '../../shared/api/decisions.ts';
import { Button, ButtonLink } from '../components/ui/Button.tsx';
import { InlineAlert } from '../components/ui/InlineAlert.tsx';
import { Card } from '../components/ui/Card.tsx';
import { LoadingNotice } from '../components/ui/LoadingNotice.tsx';
import { decisionKeys } from '../lib/query-keys.ts';
import { useNow } from '../lib/use-now.ts';
import { AnalysisSection } from '../features/analysis/AnalysisSection.tsx';
import { AddToCalendarButton } from '../features/calendar/AddToCalendarButton.tsx';
import { cellNamer } from '../features/comments/comment-cells.ts';
import { CommentsSection, type CommentsHandle } from '../features/comments/CommentsSection.tsx';
import { DecisionTitle } from '../features/decisions/DecisionTitle.tsx';
import { DecisionPageFallback } from '../features/decisions/DecisionPageFallback.tsx';
import { teamEditLayoutOf, useDecisionLock } from '../features/decisions/decision-lock.ts';
import { parseDecisionId } from '../features/decisions/decisions-api.ts';
import { FrozenResultBox } from '../features/history/FrozenResultBox.tsx';
import { HistorySection } from '../features/history/HistorySection.tsx';
import { OutcomeSection } from '../features/outcome/OutcomeSection.tsx';
import { ActivateSection } from '../features/team/ActivateSection.tsx';
import { DeadlineBanner } from '../features/team/DeadlineBanner.tsx';
import { RemindVoters } from '../features/team/RemindVoters.tsx';
import { TeamAiOpinion } from '../features/team/TeamAiOpinion.tsx';
import { ResultsHiddenNotice } from '../features/team/ResultsHiddenNotice.tsx';
import { TeamConsensus } from '../features/team/TeamConsensus.tsx';
import { TeamFormula, TeamResultsMatrix } from '../features/team/TeamResultsMatrix.tsx';
import { TeamStatusList } from '../features/team/TeamStatusList.tsx';
import { votingOutcomeOf } from '../features/team/voting-outcome.ts';
import { useTeamDecision, useTeamMembersQuery } from '../features/team/team-api.ts';

// The download buttons and their fetch code load with the page's first render, not with the app.
const ExportButtons = lazy(() => import('../features/export/ExportButtons.tsx'));

export default function TeamDecisionPage() {
  const { t } = useTranslation();
  const decisionId = parseDecisionId(useParams().id);
  const team = useTeamDecision(decisionId);

  if (!team.details) {
    return <DecisionPageFallback title={t('teamView.title')} loadError={team.loadError} kind="team" />;
  }
  return (
    <TeamDecisionView
      details={team.details}
      isRetrying={team.isRetrying}
      hasGivenUp={team.hasGivenUp}
      onRetry={team.retry}
    />
  );
}

interface TeamDecisionViewProps {
  details: DecisionDetails;
  isRetrying: boolean;
  hasGivenUp: boolean;
  onRetry: () => void;
}

function TeamDecisionView({ details, isRetrying, hasGivenUp, onRetry }: TeamDecisionViewProps) {
  const { t } = useTranslation();
  const now = useNow(15_000);
  const members = useTeamMembersQuery(details.decision.id);
  const access = useDecisionLock(details, now);
  const { decision } = details;
  const { abilities } = access;
  const isReadOnly = teamEditLayoutOf(details, access) === 'readOnly';
  // Once voting ended (or the AI completed it) the edit page only shows what was entered.
  const isClosed = access.lock !== null;
  const mainAction = isReadOnly || access.lock === 'ai' ? 'view' : isClosed ? 'viewVote' : 'vote';
  const isHidden = details.resultsHiddenUntil !== null;
  const comments = useRef<CommentsHandle>(null);
  const cellName = useMemo(() => cellNamer(details, (names) => t('consensus.cell', names)), [details, t]);

  // The deadline passed on this page before the server said so: results are out now, load them.
  const queryClient = useQueryClient();
  const isWaitingForReveal = isHidden && isClosed;
  useEffect(() => {
    if (isWaitingForReveal)
      void queryClient.invalidateQueries({ queryKey: decisionKeys.details(decision.id) });
  }, [isWaitingForReveal, queryClient, decision.id]);

  return (
    <div className="flex flex-col gap-6">
      <DecisionTitle
        decision={decision}
        workspace={details.workspace}
        actions={
          <>
            <ButtonLink
              to={`/team-decision/${decision.id}/edit`}
              variant={mainAction === 'vote' ? 'primary' : 'secondary'}
            >
              {mainAction === 'vote' ? (
                <ClipboardCheck aria-hidden size={16} />
              ) : (
                <Eye aria-hidden size={16} />
              )}
              {t(`teamView.${mainAction}`)}
            </ButtonLink>
            {abilities.canInvite ? (
              <ButtonLink to={`/team-invite/${decision.id}`} variant="secondary">
                <UserPlus aria-hidden size={16} />
                {t('teamView.invite')}
              </ButtonLink>
            ) : null}
            <Suspense fallback={null}>
              <ExportButtons decisionId={decision.id} />
            </Suspense>
            {decision.timer ? <AddToCalendarButton decisionId={decision.id} /> : null}
          </>
        }
      />

      {/* Issue 29: a workspace decision skips the invitation step, so it is activated here. */}
      {details.status === 'draft' && details.workspace && details.abilities.canActivate ? (
        <Card className="flex flex-col gap-4">
          <ActivateSection details={details} />
        </Card>
      ) : null}

      <DeadlineBanner
        decisionId={decision.id}
        timer={decision.timer}
        now={now}
        lock={access.lock}
        canManageDeadline={abilities.canManageDeadline}
        outcome={votingOutcomeOf(details)}
        votingEnded={details.voting_ended}
      />
      <RemindVoters
        decisionId={decision.id}
        recipients={details.reminder_recipients}
        nextReminderAt={details.next_reminder_at}
        canRemind={abilities.canRemind}
        deadline={details.timer}
        now={now}
      />
      <OutcomeSection details={details} canDecide={abilities.canDecide} />
      <FrozenResultBox details={details} />
      {/* The verdict's confidence and what would change it lead; the matrix follows (issue 25). */}
      <AnalysisSection details={details} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(16rem,1fr)] [&>*]:min-w-0">
        <Card className="flex min-w-0 flex-col gap-4">
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{t('teamView.results')}</h2>
          {isHidden ? (
            <ResultsHiddenNotice details={details} />
          ) : isRetrying ? (
            <LoadingNotice text={t('teamView.loading')} />
          ) : hasGivenUp ? (
            <div role="alert" className="flex flex-col items-start gap-3">
              <p className="text-slate-700 dark:text-slate-300">{t('teamView.matrixMissing')}</p>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={onRetry}>
                  <RotateCw aria-hidden size={16} />
                  {t('teamView.retry')}
                </Button>
                {abilities.canEdit ? (
                  <ButtonLink to={`/team-decision/${decision.id}/edit?tab=setup`} variant="ghost">
                    {t('teamView.addMatrix')}
                  </ButtonLink>
                ) : null}
              </div>
            </div>
          ) : (
            <TeamResultsMatrix details={details} />
          )}
          <TeamAiOpinion details={details} />
          {isHidden ? null : <TeamFormula mode={decision.mode} />}
        </Card>
        <Card className="flex flex-col gap-3">
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{t('teamView.status')}</h2>
          {members.isError ? (
            <InlineAlert>{t('teamView.membersLoadFailed')}</InlineAlert>
          ) : members.data ? (
            <TeamStatusList
              members={members.data}
              decisionId={details.decision.id}
              canReopen={details.abilities.canReopenVotes}
            />
          ) : (
            <LoadingNotice text={t('teamView.membersLoading')} />
          )}
        </Card>
      </div>

      {details.consensus && details.options.length && details.criteria.length ? (
        <Card>
          <TeamConsensus
            details={details}
            consensus={details.consensus}
            cellName={cellName}
            canComment={abilities.canComment}
            onDiscuss={(cell) => comments.current?.discuss(cell)}
            onShowComments={(cell) => comments.current?.showCell(cell)}
          />
        </Card>
      ) : null}

      <HistorySection decisionId={decision.id} hasVersions={false} canRestore={false} />

      <CommentsSection
        ref={comments}
        decisionId={decision.id}
        canComment={abilities.canComment}
        cellName={cellName}
      />
    </div>
  );
}
