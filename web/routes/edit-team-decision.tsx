import type { ReactNode } from 'react';
import { ArrowLeft, Bot, Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { DecisionDetails } from '../../shared/api/decisions.ts';
import { ButtonLink } from '../components/ui/Button.tsx';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { useNow } from '../lib/use-now.ts';
import { DecisionPageFallback } from '../features/decisions/DecisionPageFallback.tsx';
import { teamEditLayoutOf, useDecisionLock } from '../features/decisions/decision-lock.ts';
import { parseDecisionId } from '../features/decisions/decisions-api.ts';
import { ReadOnlyTeamLists } from '../features/team/ReadOnlyTeamLists.tsx';
import { useTeamDecision } from '../features/team/team-api.ts';
import { TeamEditTabs } from '../features/team/TeamEditTabs.tsx';

export default function EditTeamDecisionPage() {
  const { t } = useTranslation();
  const decisionId = parseDecisionId(useParams().id);
  const team = useTeamDecision(decisionId, { retryMissingMatrix: false });

  if (!team.details) {
    return <DecisionPageFallback title={t('teamEdit.title')} loadError={team.loadError} kind="team" />;
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

const noticeTones = {
  readOnly:
    'border-slate-200 bg-white text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200',
  ai: 'border-violet-200 bg-violet-50 text-violet-950 dark:border-violet-900 dark:bg-violet-950/40 dark:text-violet-100',
};

/** Viewers, and everyone once the AI completed the decision: the lists, nothing to change. */
function ReadOnlyPage({
  details,
  tone,
  children,
}: {
  details: DecisionDetails;
  tone: keyof typeof noticeTones;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const Icon = tone === 'ai' ? Bot : Eye;
  return (
    <>
      <BackLink decisionId={details.decision.id} />
      <PageHeader title={t('teamEdit.viewTitle')} lead={details.decision.name} />
      <p className={`mb-6 flex items-start gap-2 rounded-xl border p-4 ${noticeTones[tone]}`}>
        <Icon aria-hidden size={18} className="mt-0.5 shrink-0" />
        {children}
      </p>
      <ReadOnlyTeamLists details={details} />
    </>
  );
}

function EditTeamDecision({ details }: { details: DecisionDetails }) {
  const { t } = useTranslation();
  const now = useNow(15_000);
  const access = useDecisionLock(details, now);
  const layout = teamEditLayoutOf(details, access);
  const { decision } = details;

  if (layout === 'readOnly') {
    return (
      <ReadOnlyPage details={details} tone="readOnly">
        {t('teamEdit.readOnly')}
      </ReadOnlyPage>
    );
  }
  if (access.lock === 'ai') {
    return (
      <ReadOnlyPage details={details} tone="ai">
        {t('teamEdit.completedByAi')}
      </ReadOnlyPage>
    );
  }
  const canSetUp = layout === 'voteAndSetUp';
  return (
    <>
      <BackLink decisionId={decision.id} />
      <PageHeader title={canSetUp ? t('teamEdit.title') : t('teamEdit.voteTitle')} lead={decision.name} />
      <TeamEditTabs details={details} now={now} canSetUp={canSetUp} isLocked={access.lock !== null} />
    </>
  );
}
