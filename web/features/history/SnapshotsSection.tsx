import { useId, useState, type FormEvent } from 'react';
import { Camera, ChevronRight } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { SNAPSHOT_LABEL_MAX } from '../../../shared/api/snapshots.ts';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useSaveSnapshot, useSnapshotsQuery } from './history-api.ts';
import { FrozenRanking } from './FrozenRanking.tsx';
import type { Snapshot } from './history-types.ts';

interface SnapshotsSectionProps {
  decisionId: number;
  /** The owner of a personal decision may keep the result as it stands with a label. */
  canSave: boolean;
}

/** "Snapshots": the results kept with a label (and those stored on an outcome), newest first. */
export function SnapshotsSection({ decisionId, canSave }: SnapshotsSectionProps) {
  const { t } = useLocale();
  const headingId = useId();
  const snapshots = useSnapshotsQuery(decisionId);
  const list = snapshots.data ?? [];
  if (!canSave && !list.length) return null;
  return (
    <Card>
      <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid="snapshots">
        <h2
          id={headingId}
          className="flex items-center gap-2 text-xl font-semibold text-slate-900 dark:text-white"
        >
          <Camera aria-hidden size={20} />
          {t('snapshots.title')}
        </h2>
        {canSave ? <SaveSnapshotForm decisionId={decisionId} /> : null}
        {snapshots.isError ? <InlineAlert>{t('snapshots.loadFailed')}</InlineAlert> : null}
        {list.length ? (
          <ul className="flex flex-col gap-2">
            {list.map((snapshot) => (
              <SnapshotItem key={snapshot.id} snapshot={snapshot} />
            ))}
          </ul>
        ) : snapshots.isSuccess ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('snapshots.empty')}</p>
        ) : null}
      </section>
    </Card>
  );
}

function SnapshotItem({ snapshot }: { snapshot: Snapshot }) {
  const { t, format } = useLocale();
  const name = snapshot.label?.trim() || t(`snapshots.reason.${snapshot.reason}`);
  return (
    <li className="rounded-xl border border-slate-200 dark:border-slate-800">
      <details className="group">
        <summary className="flex cursor-pointer flex-wrap items-baseline justify-between gap-x-3 gap-y-1 p-3">
          <span className="flex min-w-0 items-center gap-1 font-medium break-words text-slate-900 dark:text-slate-100">
            <ChevronRight
              aria-hidden
              size={16}
              className="shrink-0 transition-transform group-open:rotate-90"
            />
            {name}
          </span>
          <time dateTime={snapshot.at} className="text-sm text-slate-600 dark:text-slate-400">
            {format.dateTime(snapshot.at)}
          </time>
        </summary>
        <div className="border-t border-slate-200 p-3 dark:border-slate-800">
          <FrozenRanking snapshot={snapshot} />
        </div>
      </details>
    </li>
  );
}

function SaveSnapshotForm({ decisionId }: { decisionId: number }) {
  const { t } = useLocale();
  const save = useSaveSnapshot(decisionId);
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!label.trim()) {
      setError(t('snapshots.labelRequired'));
      return;
    }
    try {
      await save.mutateAsync(label.trim());
      setLabel('');
      notify('success', t('snapshots.saved'));
    } catch (failure) {
      setError(serverMessageOf(failure) ?? t('snapshots.saveFailed'));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <TextField
          label={t('snapshots.label')}
          hint={t('snapshots.labelHint')}
          value={label}
          maxLength={SNAPSHOT_LABEL_MAX}
          aria-required
          error={error ?? undefined}
          onChange={(event) => setLabel(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={save.isPending} className="shrink-0 sm:mb-6">
        <Camera aria-hidden size={16} />
        {t('snapshots.save')}
      </Button>
    </form>
  );
}
