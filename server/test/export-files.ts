import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { expect } from 'vitest';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The CSV as rows of cells, as a spreadsheet program would read it. */
export function csvRows(response: LightMyRequestResponse, delimiter = ','): string[][] {
  expect(response.rawPayload.subarray(0, 3)).toEqual(BOM);
  return parse(response.rawPayload, { bom: true, delimiter, relax_column_count: true }) as string[][];
}

/** The rows of a section: from the row whose first cell is `first` up to the next empty row. */
export function csvSection(rows: string[][], first: string): string[][] {
  const start = rows.findIndex((row) => row[0] === first);
  expect(start, `section starting with ${first}`).toBeGreaterThanOrEqual(0);
  const end = rows.findIndex((row, index) => index > start && row.every((cell) => cell === ''));
  return rows.slice(start, end === -1 ? undefined : end);
}

/** The text of a PDF response (pdf-parse) and its page count. */
export function pdfText(response: LightMyRequestResponse): Promise<{ text: string; pages: number }> {
  return pdfTextOf(response.rawPayload);
}

/** The text of a PDF file (pdf-parse) and its page count. */
export async function pdfTextOf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}
