import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportPreview, ImportTarget } from '../../../shared/api/decision-import.ts';
import { LIMITS, scaleOfDecision } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { RowHeader, TD, TH, Table } from '../../components/ui/Table.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import {
  columnLetters,
  hasMeasuredValues,
  hasScoreValues,
  previewColumns,
  previewRows,
  type PreviewColumn,
} from './import-model.ts';

interface ImportPreviewPanelProps {
  preview: ImportPreview;
  target: ImportTarget;
  isSaving: boolean;
  saveError: string | null;
  onSave: (name: string) => void;
  onDiscard: () => void;
}

/** What the import read, with numbers in the interface language, for confirmation before saving. */
export function ImportPreviewPanel({
  preview,
  target,
  isSaving,
  saveError,
  onSave,
  onDiscard,
}: ImportPreviewPanelProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const captionId = useId();
  const [name, setName] = useState(preview.name);
  const numbers = useMemo(
    () => new Intl.NumberFormat(i18n.resolvedLanguage === 'de' ? 'de' : 'en', { maximumFractionDigits: 6 }),
    [i18n.resolvedLanguage],
  );
  const columns = previewColumns(preview);
  const rows = previewRows(preview);
  const measured = columns.filter((column) => column.measure).map((column) => column.name);
  const scale = scaleOfDecision(target === 'team' ? 'team' : 'private');
  const isNameEmpty = name.trim() === '';

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 border-t border-slate-200 pt-4 dark:border-slate-700"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
        {t('import.previewTitle')}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t('import.summary', {
          options: t('import.optionCount', { count: preview.options.length }),
          criteria: t('import.criterionCount', { count: preview.criteria.length }),
        })}{' '}
        {measured.length
          ? t('import.measuredColumns', { names: measured.join(', ') })
          : t('import.noMeasuredColumns')}
      </p>
      <TextField
        label={t('import.nameLabel')}
        value={name}
        maxLength={LIMITS.decision.nameMax}
        onChange={(event) => setName(event.target.value)}
        error={isNameEmpty ? t('import.nameRequired') : undefined}
      />
      <Table caption={t('import.tableCaption')} captionId={captionId}>
        <thead>
          <tr>
            <TH edge="first" align="start" tone="muted">
              {t('import.option')}
            </TH>
            {columns.map((column, index) => (
              <TH
                key={column.name}
                edge={index === columns.length - 1 ? 'last' : 'middle'}
                className="align-top"
              >
                <span className="block">{column.name}</span>
                <ColumnNote column={column} scale={scale} format={(value) => numbers.format(value)} />
              </TH>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <RowHeader>{row.name}</RowHeader>
              {row.cells.map((cell, index) => (
                <TD key={columns[index]!.name} edge={index === row.cells.length - 1 ? 'last' : 'middle'}>
                  {cell.value === null ? (
                    <span className="text-slate-600 italic dark:text-slate-400">{t('import.emptyCell')}</span>
                  ) : (
                    <span className="tabular-nums">
                      {numbers.format(cell.value)}
                      {cell.unit ? ` ${cell.unit}` : ''}
                    </span>
                  )}
                </TD>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
      <ImportWarnings preview={preview} />
      {target === 'team' && hasScoreValues(preview) ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('import.teamScoresNote')}</p>
      ) : null}
      {target === 'team' && hasMeasuredValues(preview) ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('import.teamFactsNote')}</p>
      ) : null}
      {saveError ? <InlineAlert>{saveError}</InlineAlert> : null}
      <div className="flex flex-wrap gap-3">
        <Button disabled={isSaving || isNameEmpty} onClick={() => onSave(name)}>
          {t(target === 'team' ? 'import.createTeam' : 'import.createPersonal')}
        </Button>
        <Button variant="secondary" disabled={isSaving} onClick={onDiscard}>
          {t('import.discard')}
        </Button>
      </div>
    </section>
  );
}

function ColumnNote({
  column,
  scale,
  format,
}: {
  column: PreviewColumn;
  scale: { min: number; max: number };
  format: (value: number) => string;
}) {
  const { t } = useTranslation();
  const { measure } = column;
  const lines = [t('import.weight', { value: format(column.importance) })];
  if (!measure) lines.push(t('import.score', { min: scale.min, max: scale.max }));
  else {
    lines.push(
      t('import.measured', {
        unit: measure.unit || t('import.noUnit'),
        direction: t(measure.direction === 'lower' ? 'import.lowerIsBetter' : 'import.higherIsBetter'),
      }),
    );
    if (measure.worst !== undefined) lines.push(t('import.worst', { value: format(measure.worst) }));
    if (measure.best !== undefined) lines.push(t('import.best', { value: format(measure.best) }));
  }
  return (
    <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </span>
  );
}

function ImportWarnings({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (preview.warnings.length === 0)
    return <p className="text-sm text-slate-700 dark:text-slate-300">{t('import.noWarnings')}</p>;
  return (
    <div aria-labelledby={headingId} role="group">
      <h4 id={headingId} className="text-sm font-semibold text-amber-900 dark:text-amber-200">
        {t('import.warningsTitle', { count: preview.warnings.length })}
      </h4>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800 dark:text-slate-200">
        {preview.warnings.map((warning) => (
          <li key={`${warning.row}:${warning.column}:${warning.message}`}>
            <span className="font-medium">
              {t('import.cellPosition', { row: warning.row, column: columnLetters(warning.column) })}
            </span>{' '}
            {warning.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
