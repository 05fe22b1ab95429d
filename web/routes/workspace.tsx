import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../components/ui/Button.tsx';
import { ErrorNotice } from '../components/ui/ErrorNotice.tsx';
import { LoadingNotice } from '../components/ui/LoadingNotice.tsx';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { TextLink } from '../components/ui/TextLink.tsx';
import { ApiError, serverMessageOf } from '../lib/api-client.ts';
import { WebhooksSection } from '../features/webhooks/WebhooksSection.tsx';
import { CriteriaSetsSection } from '../features/workspaces/CriteriaSetsSection.tsx';
import {
  InviteToWorkspaceForm,
  PendingWorkspaceInvitations,
} from '../features/workspaces/WorkspaceInvitations.tsx';
import { RenameWorkspaceForm, WorkspaceActions } from '../features/workspaces/WorkspaceActions.tsx';
import { WorkspaceMembers } from '../features/workspaces/WorkspaceMembers.tsx';
import { WorkspaceRoleBadge } from '../features/workspaces/WorkspaceRoleBadge.tsx';
import { canManage, parseWorkspaceId, useWorkspaceQuery } from '../features/workspaces/workspaces-api.ts';

/** /workspaces/:id (issue 29): members, invitations, criteria sets and the workspace's actions. */
export default function WorkspacePage() {
  const { t } = useTranslation();
  const id = parseWorkspaceId(useParams().id);
  const workspace = useWorkspaceQuery(id);

  if (!Number.isInteger(id) || (workspace.error instanceof ApiError && workspace.error.status === 404))
    return (
      <>
        <PageHeader title={t('workspaces.notFoundTitle')} />
        <ErrorNotice message={t('workspaces.notFound')}>
          <TextLink to="/workspaces">{t('workspaces.backToList')}</TextLink>
        </ErrorNotice>
      </>
    );
  if (workspace.isPending) return <LoadingNotice text={t('workspaces.loading')} />;
  if (workspace.isError)
    return (
      <ErrorNotice message={serverMessageOf(workspace.error) ?? t('workspaces.loadFailed')}>
        <Button variant="secondary" className="self-start" onClick={() => void workspace.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorNotice>
    );

  const details = workspace.data;
  const mayManage = canManage(details.role);
  return (
    <>
      <PageHeader
        title={details.name}
        lead={
          <span className="flex flex-wrap items-center gap-2">
            <span>{t('workspaces.yourRole')}</span>
            <WorkspaceRoleBadge role={details.role} />
            <span>· {t('workspaces.memberCount', { count: details.member_count })}</span>
          </span>
        }
      />
      <p className="-mt-6 mb-6">
        <TextLink to="/workspaces">{t('workspaces.backToList')}</TextLink>
      </p>
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <div className="flex flex-col gap-6">
          <WorkspaceMembers workspace={details} />
          <CriteriaSetsSection workspace={details} />
        </div>
        <div className="flex flex-col gap-6">
          {mayManage ? <InviteToWorkspaceForm workspace={details} /> : null}
          {mayManage ? <PendingWorkspaceInvitations workspace={details} /> : null}
          {mayManage ? <RenameWorkspaceForm key={details.name} workspace={details} /> : null}
          {mayManage ? <WebhooksSection scope={{ workspaceId: details.id }} /> : null}
          <WorkspaceActions workspace={details} />
        </div>
      </div>
    </>
  );
}
