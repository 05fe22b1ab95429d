import { useState } from 'react';
import { BookmarkPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { ModalDialog } from '../../components/ui/ModalDialog.tsx';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { criteriaSetCriteriaOf, type CriterionDraft } from './criteria-set-model.ts';
import { canManage, useCreateCriteriaSetIn, useWorkspacesQuery } from './workspaces-api.ts';

interface SaveCriteriaToWorkspaceProps {
  /** The form's criteria as they stand when the dialog saves. */
  getCriteria: () => readonly CriterionDraft[];
  /** The set's name to start from (the decision's title). */
  getDefaultName: () => string;
  isDisabled?: boolean;
}

/**
 * "Save criteria to workspace" (issue 29) on a decision's edit form: for owners and admins of some
 * workspace, the current criteria with weights, must-haves and anchors become a shared set there.
 */
export function SaveCriteriaToWorkspace({
  getCriteria,
  getDefaultName,
  isDisabled = false,
}: SaveCriteriaToWorkspaceProps) {
  const { t } = useTranslation();
  const workspaces = useWorkspacesQuery();
  const targets = (workspaces.data ?? []).filter((workspace) => canManage(workspace.role));
  const create = useCreateCriteriaSetIn();
  const [dialog, setDialog] = useState<{ workspaceId: number; name: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (targets.length === 0) return null;

  function open() {
    setFailure(null);
    setDialog({
      workspaceId: targets[0]!.id,
      name: getDefaultName().trim().slice(0, LIMITS.workspace.criteriaSetNameMax),
    });
  }

  function save() {
    if (!dialog) return;
    const criteria = criteriaSetCriteriaOf(getCriteria());
    if (!dialog.name.trim()) return setFailure(t('workspaces.criteriaSets.nameRequired'));
    if (criteria.length === 0) return setFailure(t('workspaces.criteriaSets.criteriaRequired'));
    const workspaceName = targets.find((workspace) => workspace.id === dialog.workspaceId)?.name ?? '';
    create.mutate(
      { workspaceId: dialog.workspaceId, set: { name: dialog.name.trim(), criteria } },
      {
        onSuccess: () => {
          setDialog(null);
          notify(
            'success',
            t('workspaces.saveCriteria.saved', { name: dialog.name.trim(), workspace: workspaceName }),
          );
        },
        onError: (error) => setFailure(serverMessageOf(error) ?? t('workspaces.criteriaSets.saveFailed')),
      },
    );
  }

  return (
    <Card tone="indigo" className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <BookmarkPlus aria-hidden size={28} className="shrink-0 text-indigo-600 dark:text-indigo-300" />
      <div className="flex-1">
        <p className="font-semibold text-slate-900 dark:text-white">{t('workspaces.saveCriteria.title')}</p>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('workspaces.saveCriteria.text')}</p>
      </div>
      <Button variant="secondary" className="self-start sm:self-center" disabled={isDisabled} onClick={open}>
        {t('workspaces.saveCriteria.open')}
      </Button>
      {dialog ? (
        <ModalDialog
          title={t('workspaces.saveCriteria.title')}
          lead={t('workspaces.saveCriteria.text')}
          size="md"
          onClose={() => setDialog(null)}
          actionLabel={t('workspaces.saveCriteria.save')}
          onAction={save}
          footerNote={
            <div className="flex-1 basis-full sm:basis-auto">
              <StatusLine tone="error" message={failure} />
            </div>
          }
        >
          <SelectField
            id="save-criteria-workspace"
            label={t('workspaces.saveCriteria.workspace')}
            value={String(dialog.workspaceId)}
            onChange={(event) => setDialog({ ...dialog, workspaceId: Number(event.target.value) })}
          >
            {targets.map((workspace) => (
              <option key={workspace.id} value={String(workspace.id)}>
                {workspace.name}
              </option>
            ))}
          </SelectField>
          <TextField
            id="save-criteria-name"
            label={t('workspaces.criteriaSets.name')}
            required
            maxLength={LIMITS.workspace.criteriaSetNameMax}
            autoComplete="off"
            value={dialog.name}
            onChange={(event) => setDialog({ ...dialog, name: event.target.value })}
          />
        </ModalDialog>
      ) : null}
    </Card>
  );
}
