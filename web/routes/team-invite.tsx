import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../components/ui/Button.tsx';
import { InlineAlert } from '../components/ui/InlineAlert.tsx';
import { Card } from '../components/ui/Card.tsx';
import { LoadingNotice } from '../components/ui/LoadingNotice.tsx';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { DecisionPageFallback } from '../features/decisions/DecisionPageFallback.tsx';
import { parseDecisionId } from '../features/decisions/decisions-api.ts';
import { useDecisionLoadError } from '../features/decisions/useDecisionLoadError.ts';
import { ActivateSection } from '../features/team/ActivateSection.tsx';
import { InviteForm } from '../features/team/InviteForm.tsx';
import { MemberList } from '../features/team/MemberList.tsx';
import { useTeamDetailsQuery, useTeamMembersQuery } from '../features/team/team-api.ts';

export default function TeamInvitePage() {
  const { t } = useTranslation();
  const decisionId = parseDecisionId(useParams().id);
  const details = useTeamDetailsQuery(decisionId);
  const members = useTeamMembersQuery(decisionId);
  const loadError = useDecisionLoadError(decisionId, details.error, 'teamView.loadFailed');

  if (loadError || !details.data) {
    return <DecisionPageFallback title={t('teamInvite.title')} loadError={loadError} kind="team" />;
  }

  const { decision, abilities } = details.data;
  return (
    <>
      <PageHeader title={t('teamInvite.title')} lead={t('teamInvite.lead', { name: decision.name })} />
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Card>
          <section aria-labelledby="invite-heading" className="flex flex-col gap-4">
            <h2 id="invite-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
              {t('teamInvite.inviteHeading')}
            </h2>
            {abilities.canInvite ? null : (
              <p className="text-sm text-slate-700 dark:text-slate-300">{t('teamInvite.notAllowed')}</p>
            )}
            <InviteForm decisionId={decision.id} isDisabled={!abilities.canInvite} />
          </section>
        </Card>
        <Card>
          <section aria-labelledby="members-heading" className="flex flex-col gap-2">
            <h2 id="members-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
              {t('teamInvite.membersHeading')}
            </h2>
            {members.isError ? (
              <InlineAlert>{t('teamView.membersLoadFailed')}</InlineAlert>
            ) : members.data ? (
              <MemberList
                decisionId={decision.id}
                members={members.data}
                canManageMembers={abilities.canManageMembers}
                canInvite={abilities.canInvite}
              />
            ) : (
              <LoadingNotice text={t('teamView.membersLoading')} />
            )}
          </section>
        </Card>
      </div>
      <Card className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <ActivateSection details={details.data} />
        <ButtonLink to={`/team-decision/${decision.id}`} variant="ghost" className="self-start sm:self-end">
          {t('teamInvite.openDecision')}
        </ButtonLink>
      </Card>
    </>
  );
}
