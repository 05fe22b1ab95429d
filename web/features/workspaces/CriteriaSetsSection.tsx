import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { ErrorNotice } from '../../components/ui/ErrorNotice.tsx';
import { LoadingNotice } from '../../components/ui/LoadingNotice.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { CriteriaSetEditor } from './CriteriaSetEditor.tsx';
import {
  canManage,
  useCriteriaSetsQuery,
  useDeleteCriteriaSet,
  type CriteriaSet,
  type WorkspaceDetails,
} from './workspaces-api.ts';

/** The workspace's shared criteria sets; owner and admins create, edit and delete them. */
export function CriteriaSetsSection({ workspace }: { workspace: WorkspaceDetails }) {
  const { t } = useTranslation();
  const sets = useCriteriaSetsQuery(workspace.id);
  const removal = useDeleteCriteriaSet(workspace.id);
  const [editing, setEditing] = useState<{ set: CriteriaSet | null } | null>(null);
  const [deleting, setDeleting] = useState<CriteriaSet | null>(null);
  const mayManage = canManage(workspace.role);

  let content;
  if (sets.isPending) content = <LoadingNotice text={t('workspaces.criteriaSets.loading')} />;
  else if (sets.isError)
    content = (
      <ErrorNotice message={serverMessageOf(sets.error) ?? t('workspaces.criteriaSets.loadFailed')} />
    );
  else if (sets.data.length === 0)
    content = (
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('workspaces.criteriaSets.none')}</p>
    );
  else
    content = (
      <ul
        aria-labelledby="workspace-criteria-sets-heading"
        className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800"
      >
        {sets.data.map((set) => (
          <li key={set.id} data-testid="criteria-set" className="flex flex-col gap-2 py-3">
            <p className="font-medium break-words text-slate-900 dark:text-white">{set.name}</p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {set.criteria.map((criterion) => `${criterion.name} (${criterion.importance} %)`).join(', ')}
            </p>
            {mayManage ? (
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('workspaces.criteriaSets.editNamed', { name: set.name })}
                  onClick={() => setEditing({ set })}
                >
                  <Pencil aria-hidden size={14} />
                  {t('workspaces.criteriaSets.edit')}
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  aria-label={t('workspaces.criteriaSets.deleteNamed', { name: set.name })}
                  onClick={() => setDeleting(set)}
                >
                  <Trash2 aria-hidden size={14} />
                  {t('workspaces.criteriaSets.delete')}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    );

  return (
    <SectionCard
      headingId="workspace-criteria-sets-heading"
      title={t('workspaces.criteriaSets.title')}
      lead={t('workspaces.criteriaSets.lead')}
    >
      {content}
      {mayManage ? (
        <Button variant="secondary" className="self-start" onClick={() => setEditing({ set: null })}>
          <Plus aria-hidden size={16} />
          {t('workspaces.criteriaSets.create')}
        </Button>
      ) : null}
      {editing ? (
        <CriteriaSetEditor workspaceId={workspace.id} set={editing.set} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('workspaces.criteriaSets.deleteTitle', { name: deleting?.name ?? '' })}
        message={t('workspaces.criteriaSets.deleteConfirm', {
          name: deleting?.name ?? '',
          workspace: workspace.name,
        })}
        confirmLabel={t('workspaces.criteriaSets.delete')}
        isBusy={removal.isPending}
        onConfirm={() =>
          deleting &&
          removal.mutate(deleting.id, {
            onSuccess: () => {
              notify('success', t('workspaces.criteriaSets.deleted', { name: deleting.name }));
              setDeleting(null);
            },
            onError: (error) =>
              notify('error', serverMessageOf(error) ?? t('workspaces.criteriaSets.deleteFailed')),
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </SectionCard>
  );
}
