import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  IMPORT_FILE_ACCEPT,
  type ImportPreview,
  type ImportTarget,
} from '../../../shared/api/decision-import.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { TextAreaField, inputClasses } from '../../components/ui/TextField.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { personalCreateRequest, teamCreateRequest, teamFactsRequest } from './import-model.ts';
import { FactsNotSavedError, useCreateImported, usePreviewImport, type ImportInput } from './import-api.ts';
import { ImportPreviewPanel } from './ImportPreviewPanel.tsx';

/**
 * "Import from a spreadsheet" on New decision and New team decision (issue 31): a file or pasted
 * cells are read by the server, shown back for confirmation, then saved by the usual create call.
 */
export function SpreadsheetImport({ target }: { target: ImportTarget }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const panelId = useId();
  const fileId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  // A team decision created whose facts were refused: shown as a link instead of saving it twice.
  const [createdWithoutFacts, setCreatedWithoutFacts] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const read = usePreviewImport(target);
  const create = useCreateImported(target);

  async function readTable(input: ImportInput) {
    setReadError(null);
    setSaveError(null);
    setCreatedWithoutFacts(null);
    setPreview(null);
    try {
      setPreview(await read.mutateAsync(input));
    } catch (error) {
      setReadError(serverMessageOf(error) ?? t('import.readFailed'));
    }
  }

  async function save(name: string) {
    if (!preview) return;
    setSaveError(null);
    try {
      const decision = await create.mutateAsync(
        target === 'team'
          ? { request: teamCreateRequest(preview, name), facts: teamFactsRequest(preview) }
          : { request: personalCreateRequest(preview, name), facts: null },
      );
      await navigate(target === 'team' ? `/team-decision/${decision.id}` : `/decision/${decision.id}`);
    } catch (error) {
      if (error instanceof FactsNotSavedError) {
        setCreatedWithoutFacts(error.decisionId);
        setSaveError(
          t('import.factsFailed', {
            message: serverMessageOf(error.cause) ?? t('common.unexpectedError'),
          }),
        );
        return;
      }
      setSaveError(
        t('import.saveFailed', { message: serverMessageOf(error) ?? t('common.unexpectedError') }),
      );
    }
  }

  function discard() {
    setPreview(null);
    setSaveError(null);
    setCreatedWithoutFacts(null);
    setText('');
    if (fileInput.current) fileInput.current.value = '';
  }

  const status = read.isPending
    ? t('import.reading')
    : preview
      ? t('import.readDone', {
          options: t('import.optionCount', { count: preview.options.length }),
          criteria: t('import.criterionCount', { count: preview.criteria.length }),
          warnings: t('import.warningCount', { count: preview.warnings.length }),
        })
      : null;

  return (
    <Card className="mb-6">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen((open) => !open)}
          className="flex w-full items-center justify-between gap-3 rounded-lg text-left focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          {t('import.title')}
          <span aria-hidden="true" className="text-slate-500">
            {isOpen ? '−' : '+'}
          </span>
        </button>
      </h2>
      <div id={panelId} hidden={!isOpen} className="mt-4 flex flex-col gap-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('import.lead')}</p>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fileId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('import.fileLabel')}
          </label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept={IMPORT_FILE_ACCEPT}
            className={`${inputClasses} file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-1 file:text-indigo-800`}
            disabled={read.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void readTable({ file });
            }}
          />
        </div>
        <TextAreaField
          label={t('import.pasteLabel')}
          hint={t('import.pasteHint')}
          rows={5}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="font-mono text-xs"
        />
        <div>
          <Button
            variant="secondary"
            disabled={read.isPending || text.trim() === ''}
            onClick={() => void readTable({ text })}
          >
            {t('import.readPasted')}
          </Button>
        </div>
        <StatusLine tone="info" message={status} />
        {readError ? <InlineAlert>{readError}</InlineAlert> : null}
        {createdWithoutFacts !== null ? (
          <div className="flex flex-col gap-2">
            <InlineAlert>{saveError}</InlineAlert>
            <Link
              to={`/team-decision/${createdWithoutFacts}`}
              className="text-sm font-medium text-indigo-700 underline dark:text-indigo-300"
            >
              {t('import.openCreated')}
            </Link>
          </div>
        ) : preview ? (
          <ImportPreviewPanel
            key={`${preview.name}:${preview.options.join('|')}:${preview.criteria.length}`}
            preview={preview}
            target={target}
            isSaving={create.isPending}
            saveError={saveError}
            onSave={(name) => void save(name)}
            onDiscard={discard}
          />
        ) : null}
      </div>
    </Card>
  );
}
