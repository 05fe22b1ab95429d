import { ArrowLeft, Bot, Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { DecisionDetails } from '../../shared/api/decisions.ts';
import { ButtonLink } from '../components/ui/Button.tsx';
import { ErrorNotice } from '../components/ui/ErrorNotice.tsx';
import { LoadingNotice } from '../components/ui/LoadingNotice.tsx';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { TextLink } from '../components/ui/TextLink.tsx';
import { useNow } from '../lib/use-now.ts';
import { parseDecisionId } from '../features/decisions/decisions-api.ts';
import { isDeadlinePassed } from '../features/team/deadline.ts';
import { ReadOnlyTeamLists } from '../features/team/ReadOnlyTeamLists.tsx';
import { useTeamDecision } from '../features/team/team-api.ts';
import { TeamEditor } from '../features/team/TeamEditor.tsx';

export default function EditTeamDecisionPage() {
  const { t } = useTranslation();
  const decisionId = parseDecisionId(useParams().id);
  const team = useTeamDecision(decisionId, { retryMissingMatrix: false });

  if (team.loadError) {
    return (
      <>
        <PageHeader title={t('teamEdit.title')} />
        <ErrorNotice message={team.loadError}>
          <TextLink to="/dashboard">{t('teamView.backToDashboard')}</TextLink>
        </ErrorNotice>
      </>
    );
  }
  if (!team.details) {
    return (
      <>
        <PageHeader title={t('teamEdit.title')} />
        <LoadingNotice text={t('teamView.loading')} />
      </>
    );
  }
  return <EditTeamDecision details={team.details} />;
}

function BackLink({ decisionId }: { decisionId: number }) {
  const { t } = useTranslation();
  return (
    <ButtonLink to={`/team-decision/${decisionId}`} variant="ghost" size="sm" className="mb-4 -ml-2.5">
      <ArrowLeft aria-hidden size={16} />
      {t('teamEdit.backToView')}
    </ButtonLink>
  );
}

function EditTeamDecision({ details }: { details: DecisionDetails }) {
  const { t } = useTranslation();
  const now = useNow(15_000);
  const { decision } = details;
  const isCompletedByAi = details.evaluations.some((evaluation) => evaluation.generated_by === 'ai');

  if (details.userRole === 'viewer') {
    return (
      <>
        <BackLink decisionId={decision.id} />
        <PageHeader title={t('teamEdit.viewTitle')} lead={decision.name} />
        <p className="mb-6 flex items-start gap-2 rounded-xl border border-slate-200 bg-white p-4 text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200">
          <Eye aria-hidden size={18} className="mt-0.5 shrink-0" />
          {t('teamEdit.readOnly')}
        </p>
        <ReadOnlyTeamLists details={details} />
      </>
    );
  }

  if (isCompletedByAi) {
    return (
      <>
        <BackLink decisionId={decision.id} />
        <PageHeader title={t('teamEdit.viewTitle')} lead={decision.name} />
        <p className="mb-6 flex items-start gap-2 rounded-xl border border-violet-200 bg-violet-50 p-4 text-violet-950 dark:border-violet-900 dark:bg-violet-950/40 dark:text-violet-100">
          <Bot aria-hidden size={18} className="mt-0.5 shrink-0" />
          {t('teamEdit.completedByAi')}
        </p>
        <ReadOnlyTeamLists details={details} />
      </>
    );
  }

  const isManager = details.userRole === 'owner' || details.userRole === 'admin';
  // The server's abilities say "locked" as soon as it knows; the clock catches a deadline passing here.
  const isLocked = !details.abilities.canVote || isDeadlinePassed(decision.timer, now);
  return (
    <>
      <BackLink decisionId={decision.id} />
      <PageHeader title={isManager ? t('teamEdit.title') : t('teamEdit.voteTitle')} lead={decision.name} />
      <TeamEditor details={details} now={now} isLocked={isLocked} />
    </>
  );
}
