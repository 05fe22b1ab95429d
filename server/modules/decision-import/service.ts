import type { ImportPreview, ImportTarget } from '../../../shared/api/decision-import.ts';
import { oneLinePlainText } from '../../../shared/api/text.ts';
import { LIMITS, scaleOfDecision, type Language } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import { createSemaphore } from '../../semaphore.ts';
import { translate } from '../../i18n.ts';
import { presentPreview } from './presenter.ts';
import { readDecisionTable } from './sheet-layout.ts';
import { readSheetFile, readSheetText, type SheetReading } from './sheet-reader.ts';

/** An uploaded file (its name becomes the decision's name) or pasted cells. */
export type ImportSource = { file: Buffer; filename: string } | { text: string };

export interface ImportRequest {
  source: ImportSource;
  language: Language;
  target: ImportTarget;
}

/**
 * Reads a spreadsheet into a decision preview; saves nothing. Refusals: not a table (400), more
 * options or criteria than a decision may have (400 naming the limit), an XLSX file unpacking to more
 * than the import allows (413).
 */
export function createDecisionImportService() {
  // Reading an XLSX file holds its unpacked parts in memory: a few at a time per instance.
  const reads = createSemaphore(LIMITS.import.readsAtOnce);

  async function readSource(source: ImportSource): Promise<SheetReading> {
    if ('text' in source) return readSheetText(source.text);
    return reads.run(() => readSheetFile(source.file));
  }

  return {
    async preview({ source, language, target }: ImportRequest): Promise<ImportPreview> {
      const reading = await readSource(source);
      if (!reading.ok) {
        if (reading.reason === 'unpacksTooLarge')
          throw new AppError('PAYLOAD_TOO_LARGE', { file: 'import.unpacksTooLarge' });
        throw new AppError('IMPORT_NOT_A_TABLE');
      }
      const table = readDecisionTable(reading.grid, {
        language,
        scale: scaleOfDecision(target === 'team' ? 'team' : 'private'),
      });
      if (!table.ok) {
        if (table.reason === 'notATable') throw new AppError('IMPORT_NOT_A_TABLE');
        const field = table.reason === 'tooManyOptions' ? 'options' : 'criteria';
        throw new AppError(
          'VALIDATION_FAILED',
          { [field]: `import.${table.reason}` },
          { messageParams: { max: table.max, count: table.count } },
        );
      }
      const name = 'filename' in source ? nameFromFile(source.filename) : '';
      return presentPreview(
        {
          ...table,
          name: name || translate(language, 'import.defaultName'),
          warnings: [...reading.warnings, ...table.warnings],
        },
        language,
      );
    },
  };
}

export type DecisionImportService = ReturnType<typeof createDecisionImportService>;

/** "Laptops 2025.xlsx" → "Laptops 2025": one line, at most a decision name's length. */
function nameFromFile(filename: string): string {
  const stem = filename.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  return [...oneLinePlainText(stem)].slice(0, LIMITS.decision.nameMax).join('').trim();
}
