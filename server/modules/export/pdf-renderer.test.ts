import { Worker } from 'node:worker_threads';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { pdfTextOf } from '../../test/export-files.ts';
import { renderPdf } from './pdf.ts';
import { createPdfRenderer } from './pdf-renderer.ts';
import type { ExportReport } from './service.ts';

/** A small team report with every section the PDF draws: matrix, chart, agreement, members, reasons. */
function teamReport(title = 'Neues Büro für das Team'): ExportReport {
  const criteria = [
    { id: 1, name: 'Miete', weight: 40, share: 40, measured: null },
    { id: 2, name: 'Lage', weight: 35, share: 35, measured: null },
    { id: 3, name: 'Größe', weight: 25, share: 25, measured: null },
  ];
  return {
    language: 'de',
    timeZone: 'Europe/Berlin',
    isTeam: true,
    title,
    description: 'Wohin ziehen wir im Frühjahr?',
    kind: 'Team-Entscheidung',
    mode: 'Manuell',
    createdAt: '01.03.2026, 09:00',
    updatedAt: '02.03.2026, 10:30',
    exportedAt: '03.03.2026, 12:00',
    deadline: null,
    criteria,
    rows: [
      {
        optionId: 1,
        name: 'Altstadt',
        values: [7.5, 9, 6],
        measures: [null, null, null],
        total: 7.65,
        rank: 1,
        isTop: true,
      },
      {
        optionId: 2,
        name: 'Hafen',
        values: [6, 7.5, 8.5],
        measures: [null, null, null],
        total: 7.15,
        rank: 2,
        isTop: false,
      },
    ],
    reasons: [
      { option: 'Altstadt', criterion: 'Lage', value: 9, explanation: 'Nah am Bahnhof.', isAi: false },
    ],
    members: [
      {
        name: 'Ada',
        role: 'Eigentümer',
        isAccepted: true,
        isVoter: true,
        hasVoted: true,
        isComplete: true,
        weights: [40, 35, 25],
      },
      {
        name: 'Bea',
        role: 'Editor',
        isAccepted: true,
        isVoter: true,
        hasVoted: true,
        isComplete: true,
        weights: [40, 35, 25],
      },
    ],
    ownVotes: [
      { name: 'Altstadt', values: [8, 9, 6] },
      { name: 'Hafen', values: [6, 7, 9] },
    ],
    formula: [
      'Teamgewicht = Mittel der Gewichte',
      'Zelle = Mittel der Stimmen',
      'Ergebnis = Σ Wert × Gewicht / Σ Gewicht',
    ],
    resultsHidden: null,
    noResult: null,
    totalLabel: 'Teamergebnis',
    noTotal: 'noch keine Stimmen',
    participation: { line: '2 von 2 haben abgestimmt', missing: [] },
    agreement: {
      overall: 88,
      criteria: [
        { name: 'Miete', agreement: 90 },
        { name: 'Lage', agreement: 85 },
        { name: 'Größe', agreement: 89 },
      ],
      cells: [{ option: 'Hafen', criterion: 'Größe', agreement: 80, votes: 2 }],
    },
    outcome: null,
    aiChanges: [],
    robustness: null,
    frozen: null,
    history: [],
  };
}

/** What makes two renders of one report differ: the creation time and the file id derived from it. */
function withoutCreationTime(pdf: Buffer): string {
  return pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '')
    .replace(/\/ID \[[^\]]*\]/g, '')
    .replace(/<xmp:CreateDate>[^<]*<\/xmp:CreateDate>/g, '');
}

const renderer = createPdfRenderer();
afterAll(() => renderer.close());
afterEach(() => vi.restoreAllMocks());

/** The next message posted to a PDF worker ends that worker instead: it dies while rendering. */
function killWorkerOnNextRender() {
  vi.spyOn(Worker.prototype, 'postMessage').mockImplementationOnce(function (this: Worker) {
    void this.terminate();
  });
}

describe('the PDF renderer (worker threads)', () => {
  it('starts no worker before the first PDF, and renders the very bytes pdf.ts renders in-process', async () => {
    expect(renderer.workerCount).toBe(0);
    const report = teamReport();

    const [inWorker, inProcess] = await Promise.all([renderer.render(report), renderPdf(report)]);

    expect(renderer.workerCount).toBe(1);
    expect(withoutCreationTime(inWorker)).toBe(withoutCreationTime(inProcess));
    const { text, pages } = await pdfTextOf(inWorker);
    expect(pages).toBe(1);
    expect(text).toContain('Neues Büro für das Team');
    expect(text).toContain('Altstadt');
  });

  it('renders concurrent PDFs on at most 2 workers, each PDF of its own report', async () => {
    const titles = ['Erste', 'Zweite', 'Dritte', 'Vierte', 'Fünfte'];

    const pdfs = await Promise.all(titles.map((title) => renderer.render(teamReport(title))));

    expect(renderer.workerCount).toBe(2);
    for (const [index, pdf] of pdfs.entries()) {
      expect((await pdfTextOf(pdf)).text).toContain(titles[index]);
    }
  });

  it('fails the render whose worker dies, and renders the next one on a new worker', async () => {
    killWorkerOnNextRender();
    await expect(renderer.render(teamReport())).rejects.toThrow(/the PDF worker exited/);

    const pdf = await renderer.render(teamReport('Nach dem Absturz'));
    expect((await pdfTextOf(pdf)).text).toContain('Nach dem Absturz');
  });

  it('ends a worker that takes longer than the time allowed, failing only that render', async () => {
    const impatient = createPdfRenderer({ renderTimeoutMs: 1 });
    try {
      await expect(impatient.render(teamReport())).rejects.toThrow(/took longer than 1 ms/);
      for (let waited = 0; waited < 5000 && impatient.workerCount > 0; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(impatient.workerCount).toBe(0);
    } finally {
      await impatient.close();
    }
  });

  it('ends its workers when closed, and renders nothing afterwards', async () => {
    const closing = createPdfRenderer();
    await closing.render(teamReport());
    expect(closing.workerCount).toBe(1);

    await closing.close();

    expect(closing.workerCount).toBe(0);
    await expect(closing.render(teamReport())).rejects.toThrow(/closed/);
  });
});
