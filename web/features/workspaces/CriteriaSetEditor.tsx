import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { ModalDialog } from '../../components/ui/ModalDialog.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { inputClasses, TextField } from '../../components/ui/TextField.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { criteriaSetCriteriaOf } from './criteria-set-model.ts';
import { useSaveCriteriaSet, type CriteriaSet } from './workspaces-api.ts';

interface Row {
  key: number;
  name: string;
  importance: string;
  minimum: string;
  low: string;
  high: string;
}

let nextKey = 1;
const emptyRow = (): Row => ({ key: nextKey++, name: '', importance: '', minimum: '', low: '', high: '' });

function rowsOf(set: CriteriaSet | null): Row[] {
  if (!set) return [emptyRow(), emptyRow()];
  return set.criteria.map((criterion) => ({
    key: nextKey++,
    name: criterion.name,
    importance: String(criterion.importance),
    minimum: criterion.minimum === null ? '' : String(criterion.minimum),
    low: criterion.anchors?.low ?? '',
    high: criterion.anchors?.high ?? '',
  }));
}

const MINIMUMS = Array.from({ length: LIMITS.scales.team.max + 1 }, (_, value) => value);

interface CriteriaSetEditorProps {
  workspaceId: number;
  /** The set to edit, or null for a new one. */
  set: CriteriaSet | null;
  onClose: () => void;
}

/** Owner and admins: a shared criteria set by hand, its criteria with weight, must-have and anchors. */
export function CriteriaSetEditor({ workspaceId, set, onClose }: CriteriaSetEditorProps) {
  const { t } = useTranslation();
  const save = useSaveCriteriaSet(workspaceId);
  const [name, setName] = useState(set?.name ?? '');
  const [rows, setRows] = useState<Row[]>(() => rowsOf(set));
  const [failure, setFailure] = useState<string | null>(null);

  const update = (key: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  function submit() {
    const criteria = criteriaSetCriteriaOf(
      rows.map((row) => ({
        name: row.name,
        importance: row.importance,
        minimum: row.minimum === '' ? null : Number(row.minimum),
        anchors: { low: row.low, high: row.high },
      })),
    );
    if (!name.trim()) return setFailure(t('workspaces.criteriaSets.nameRequired'));
    if (criteria.length === 0) return setFailure(t('workspaces.criteriaSets.criteriaRequired'));
    setFailure(null);
    save.mutate(
      { setId: set?.id ?? null, set: { name: name.trim(), criteria } },
      {
        onSuccess: (saved) => {
          notify('success', t('workspaces.criteriaSets.saved', { name: saved?.name ?? name.trim() }));
          onClose();
        },
        onError: (error) => setFailure(serverMessageOf(error) ?? t('workspaces.criteriaSets.saveFailed')),
      },
    );
  }

  return (
    <ModalDialog
      title={
        set
          ? t('workspaces.criteriaSets.editTitle', { name: set.name })
          : t('workspaces.criteriaSets.newTitle')
      }
      lead={t('workspaces.criteriaSets.editorLead')}
      onClose={onClose}
      size="xl"
      actionLabel={t('workspaces.criteriaSets.save')}
      onAction={submit}
      footerNote={
        <div className="flex-1 basis-full sm:basis-auto">
          <StatusLine tone="error" message={failure} />
        </div>
      }
    >
      <TextField
        id="criteria-set-name"
        label={t('workspaces.criteriaSets.name')}
        required
        maxLength={LIMITS.workspace.criteriaSetNameMax}
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <ol aria-label={t('workspaces.criteriaSets.criteria')} className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const number = index + 1;
          return (
            <li
              key={row.key}
              className="grid gap-2 rounded-xl border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_2fr_2fr_auto] lg:items-end dark:border-slate-700"
            >
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
                {t('workspaces.criteriaSets.criterionName', { number })}
                <input
                  className={inputClasses}
                  value={row.name}
                  maxLength={LIMITS.decision.criterionNameMax}
                  onChange={(event) => update(row.key, { name: event.target.value })}
                />
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
                {t('workspaces.criteriaSets.importance', { number })}
                <input
                  className={inputClasses}
                  type="number"
                  inputMode="numeric"
                  min={LIMITS.decision.importance.min}
                  max={LIMITS.decision.importance.max}
                  value={row.importance}
                  onChange={(event) => update(row.key, { importance: event.target.value })}
                />
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
                {t('workspaces.criteriaSets.minimum', { number })}
                <select
                  className={`${inputClasses} h-10`}
                  value={row.minimum}
                  onChange={(event) => update(row.key, { minimum: event.target.value })}
                >
                  <option value="">{t('workspaces.criteriaSets.noMinimum')}</option>
                  {MINIMUMS.map((value) => (
                    <option key={value} value={String(value)}>
                      {value}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
                {t('workspaces.criteriaSets.low', { number })}
                <input
                  className={inputClasses}
                  value={row.low}
                  maxLength={LIMITS.decision.anchorMax}
                  onChange={(event) => update(row.key, { low: event.target.value })}
                />
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
                {t('workspaces.criteriaSets.high', { number })}
                <input
                  className={inputClasses}
                  value={row.high}
                  maxLength={LIMITS.decision.anchorMax}
                  onChange={(event) => update(row.key, { high: event.target.value })}
                />
              </label>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('workspaces.criteriaSets.removeCriterion', { number })}
                disabled={rows.length <= 1}
                onClick={() => setRows((current) => current.filter((candidate) => candidate.key !== row.key))}
              >
                <Trash2 aria-hidden size={16} />
              </Button>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        className="self-start"
        disabled={rows.length >= LIMITS.decision.maxCriteria}
        onClick={() => setRows((current) => [...current, emptyRow()])}
      >
        <Plus aria-hidden size={16} />
        {t('workspaces.criteriaSets.addCriterion')}
      </Button>
    </ModalDialog>
  );
}
