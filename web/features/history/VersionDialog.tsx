import { useId, useState } from 'react';
import { Undo2 } from 'lucide-react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { LoadingNotice } from '../../components/ui/LoadingNotice.tsx';
import { MatrixTable } from '../../components/ui/MatrixTable.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useRestoreVersion, useVersionQuery } from './history-api.ts';
import type { DecisionVersion, HistoryEntry } from './history-types.ts';

interface VersionDialogProps {
  decisionId: number;
  /** The save entry whose version is shown; restoring names it. */
  entry: HistoryEntry;
  versionId: number;
  canRestore: boolean;
  onClose: () => void;
}

/**
 * "Show this version": the matrix right after an earlier save (options, criteria with importance and
 * must-have, values, ranking), read only; the owner may bring it back after a confirmation.
 */
export function VersionDialog({ decisionId, entry, versionId, canRestore, onClose }: VersionDialogProps) {
  const { t, format } = useLocale();
  const version = useVersionQuery(decisionId, versionId);
  const restore = useRestoreVersion(decisionId);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const savedAt = format.dateTime(entry.at);

  async function restoreVersion() {
    try {
      await restore.mutateAsync(entry.id);
      notify('success', t('versions.restored', { date: savedAt }));
      setIsConfirmOpen(false);
      onClose();
    } catch (error) {
      notify('error', serverMessageOf(error) ?? t('versions.restoreFailed'));
      setIsConfirmOpen(false);
    }
  }

  return (
    <>
      <ModalOverlay
        isOpen={!isConfirmOpen}
        isDismissable
        onOpenChange={(isNowOpen) => {
          if (!isNowOpen) onClose();
        }}
        className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-950/50 p-4 backdrop-blur-sm sm:items-center"
      >
        <Modal className="w-full max-w-4xl rounded-2xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <Dialog className="flex flex-col gap-4 outline-none" data-testid="version-dialog">
            <Heading slot="title" className="text-lg font-semibold text-slate-900 dark:text-white">
              {t('versions.title', { date: savedAt })}
            </Heading>
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('versions.lead')}</p>
            {version.isPending ? (
              <LoadingNotice text={t('versions.loading')} />
            ) : version.isError ? (
              <InlineAlert>{serverMessageOf(version.error) ?? t('versions.loadFailed')}</InlineAlert>
            ) : (
              <VersionMatrix version={version.data} />
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={onClose}>
                {t('versions.close')}
              </Button>
              {canRestore && version.data ? (
                <Button onClick={() => setIsConfirmOpen(true)}>
                  <Undo2 aria-hidden size={16} />
                  {t('versions.restore')}
                </Button>
              ) : null}
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
      <ConfirmDialog
        isOpen={isConfirmOpen}
        title={t('versions.confirmTitle')}
        message={t('versions.confirmMessage', { date: savedAt })}
        confirmLabel={t('versions.restore')}
        isBusy={restore.isPending}
        onConfirm={() => void restoreVersion()}
        onCancel={() => setIsConfirmOpen(false)}
      />
    </>
  );
}

/** The saved matrix as a read-only table, ranked best first, with each criterion's importance. */
function VersionMatrix({ version }: { version: DecisionVersion }) {
  const { t, format } = useLocale();
  const captionId = useId();
  if (!version.options.length || !version.criteria.length) {
    return <p className="text-slate-700 dark:text-slate-300">{t('versions.emptyMatrix')}</p>;
  }
  const rankOf = new Map(version.ranking.map((entry, index) => [entry.option_id, { ...entry, index }]));
  const rows = [...version.options]
    .sort((a, b) => (rankOf.get(a.id)?.index ?? Infinity) - (rankOf.get(b.id)?.index ?? Infinity))
    .map((option) => ({ key: option.id, label: option.name, id: option.id }));
  const columns = version.criteria.map((criterion) => ({
    key: criterion.id,
    label: criterion.name,
    id: criterion.id,
    importance: criterion.importance,
    minimum: criterion.minimum ?? null,
  }));
  const values = new Map(
    version.evaluations.map((cell) => [`${cell.option_id}:${cell.criterion_id}`, cell.value]),
  );
  return (
    <>
      <MatrixTable
        caption={t('versions.caption')}
        captionId={captionId}
        cornerHeader={t('versions.option')}
        rows={rows}
        columns={columns}
        layout="cardsOnPhone"
        ranks={{
          of: (row) => rankOf.get(row.id)?.rank ?? null,
          label: (rank) => t('versions.rank', { rank }),
        }}
        muteRow={(row) => rankOf.get(row.id)?.knocked_out === true}
        highlightRow={(row) => rankOf.get(row.id)?.rank === 1}
        renderColumnHeader={(column) => (
          <span className="flex flex-col">
            <span>{column.label}</span>
            <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
              {t('versions.importance', { value: format.plain(column.importance) })}
              {column.minimum !== null ? ` · ${t('versions.minimum', { value: column.minimum })}` : ''}
            </span>
          </span>
        )}
        renderCell={(row, column) => {
          const value = values.get(`${row.id}:${column.id}`);
          return value === undefined || value === null ? (
            <span aria-label={t('versions.noValue')}>–</span>
          ) : (
            format.plain(value)
          );
        }}
        total={{
          header: t('versions.total'),
          render: (row) => {
            const total = rankOf.get(row.id)?.total;
            return total === undefined || total === null ? '–' : format.number(total, 1);
          },
          testId: 'version-total',
        }}
      />
      {/* The phone's cards show no column notes: the importances once more, as one line. */}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t('versions.importances', {
          list: columns
            .map((column) =>
              [
                `${column.label} ${format.plain(column.importance)}`,
                column.minimum !== null ? t('versions.minimum', { value: column.minimum }) : null,
              ]
                .filter(Boolean)
                .join(', '),
            )
            .join(' · '),
        })}
      </p>
    </>
  );
}
