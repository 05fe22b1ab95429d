import { Building2, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { ErrorNotice } from '../../components/ui/ErrorNotice.tsx';
import { LoadingNotice } from '../../components/ui/LoadingNotice.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useWorkspacesQuery } from './workspaces-api.ts';
import { WorkspaceRoleBadge } from './WorkspaceRoleBadge.tsx';

/** The caller's workspaces: name, own role and how many belong to each. */
export function WorkspaceList() {
  const { t } = useTranslation();
  const workspaces = useWorkspacesQuery();

  if (workspaces.isPending) return <LoadingNotice text={t('workspaces.list.loading')} />;
  if (workspaces.isError)
    return (
      <ErrorNotice message={serverMessageOf(workspaces.error) ?? t('workspaces.list.loadFailed')}>
        <Button variant="secondary" className="self-start" onClick={() => void workspaces.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorNotice>
    );
  if (workspaces.data.length === 0)
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
        {t('workspaces.list.empty')}
      </p>
    );

  return (
    <ul
      aria-label={t('workspaces.list.label')}
      className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3"
    >
      {workspaces.data.map((workspace) => (
        <li key={workspace.id} className="flex">
          <Link
            to={`/workspaces/${workspace.id}`}
            className="flex w-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:border-slate-800 dark:bg-slate-900"
          >
            <span className="flex items-start gap-3">
              <Building2
                aria-hidden
                size={22}
                className="mt-0.5 shrink-0 text-indigo-600 dark:text-indigo-300"
              />
              <span className="min-w-0 flex-1 text-lg font-semibold break-words text-slate-900 dark:text-white">
                {workspace.name}
              </span>
            </span>
            <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <WorkspaceRoleBadge role={workspace.role} />
              <span className="inline-flex items-center gap-1">
                <Users aria-hidden size={14} />
                {t('workspaces.memberCount', { count: workspace.member_count })}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
