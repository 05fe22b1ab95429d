import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';
import { translate } from '../../i18n.ts';
import { formatMeasureWithUnit } from '../../../shared/measure-format.ts';
import { formatFixed, formatNumber } from './format.ts';
import { memberStatus } from './csv.ts';
import type { ExportReport } from './service.ts';

// DejaVu covers umlauts, ß, Σ, × and –; read once from node_modules, embedded (subset) per document.
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

// pdfkit takes ~170 ms to import: loaded on the first PDF export, not at server start.
let pdfkit: Promise<typeof PDFKitDocument> | undefined;
function loadPdfkit() {
  pdfkit ??= import('pdfkit').then((module) => module.default);
  return pdfkit;
}

const MARGIN = 40;
const FOOTER_HEIGHT = 20;
const MAX_PAGES = 2;
const COLORS = {
  text: '#0f172a',
  muted: '#475569',
  rule: '#cbd5e1',
  zebra: '#f1f5f9',
  bar: '#6366f1',
  top: '#059669',
  track: '#e2e8f0',
};
/** Highest cell value on the team and personal scales. */
const SCALE_MAX = 10;
/** The least agreed cells named in the PDF; the CSV lists every cell. */
const LEAST_AGREED_IN_PDF = 5;

type Doc = PDFKit.PDFDocument;

/**
 * Lays a column header out in at most `maxLines` lines of `width`, breaking only between words: the
 * font shrinks (down to `minSize`) until every word fits on a line of its own. A header that does not
 * fit even then keeps whole words and ends with "…" (a single overlong word is cut with "…";
 * `isComplete` false), so a header never breaks inside a word. Leaves the font at the size it returns.
 */
export function layoutHeader(
  doc: Doc,
  text: string,
  width: number,
  { maxLines, size, minSize }: { maxLines: number; size: number; minSize: number },
): { lines: string[]; size: number; isComplete: boolean } {
  const words = text.split(/\s+/).filter(Boolean);
  const wrap = () => {
    const lines: string[] = [];
    for (const word of words) {
      const last = lines[lines.length - 1];
      if (last !== undefined && doc.widthOfString(`${last} ${word}`) <= width) {
        lines[lines.length - 1] = `${last} ${word}`;
      } else lines.push(word);
    }
    return lines;
  };
  for (let current = size; current >= minSize; current -= 0.5) {
    doc.fontSize(current);
    if (words.some((word) => doc.widthOfString(word) > width)) continue;
    const lines = wrap();
    if (lines.length <= maxLines) return { lines, size: current, isComplete: true };
  }
  doc.fontSize(minSize);
  const lines = wrap().map((line) => fitLine(doc, line, width));
  if (lines.length <= maxLines) return { lines, size: minSize, isComplete: false };
  // Too long even at the smallest size: the last line drops whole words until "…" fits after them.
  const lastWords = lines[maxLines - 1]!.split(' ');
  while (lastWords.length > 1 && doc.widthOfString(`${lastWords.join(' ')}…`) > width) lastWords.pop();
  return {
    lines: [...lines.slice(0, maxLines - 1), fitLine(doc, `${lastWords.join(' ')}…`, width)],
    size: minSize,
    isComplete: false,
  };
}

/** One line of `text` cut with "…" to fit `width` at the current font and size. */
function fitLine(doc: Doc, text: string, width: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (doc.widthOfString(line) <= width) return line;
  let low = 0;
  let high = line.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${line.slice(0, mid).trimEnd()}…`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${line.slice(0, low).trimEnd()}…`;
}

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** What every section renderer draws with: the document, the report and the page bookkeeping. */
interface RenderContext {
  doc: Doc;
  report: ExportReport;
  t: Translate;
  num: (value: number, decimals?: number) => string;
  /** A total with the details view's fixed decimals (personal 1, team result 2). */
  total: (value: number) => string;
  /** A matrix cell: team cell means with one fixed decimal, personal values as entered. */
  cell: (value: number) => string;
  left: number;
  width: number;
  /** Where the footer begins on the current page. */
  bottom: () => number;
  /** Makes room for `height`: a new page while under the limit; false when the report is full. */
  ensureSpace: (height: number) => boolean;
  style: (font: 'regular' | 'bold', size: number, color?: string) => Doc;
}

function createRenderContext(doc: Doc, report: ExportReport): RenderContext {
  const { language } = report;
  const num = (value: number, decimals = 2) => formatNumber(value, language, decimals);
  let pages = 1;
  const bottom = () => doc.page.height - MARGIN - FOOTER_HEIGHT;
  return {
    doc,
    report,
    t: (key, params) => translate(language, key, params),
    num,
    total: (value) => formatFixed(value, language, report.isTeam ? 2 : 1),
    cell: (value) => (report.isTeam ? formatFixed(value, language, 1) : num(value)),
    left: MARGIN,
    width: doc.page.width - 2 * MARGIN,
    bottom,
    ensureSpace: (height) => {
      if (doc.y + height <= bottom()) return true;
      if (pages >= MAX_PAGES) return false;
      doc.addPage();
      pages += 1;
      return true;
    },
    style: (font, size, color = COLORS.text) => doc.font(font).fontSize(size).fillColor(color),
  };
}

/**
 * A one- or two-page report in the reader's language: title, description, dates, the matrix with
 * weights, totals and ranks, a bar chart of the results, team status, the formula and the reasons.
 * Sections that would overflow the second page are shortened with a note instead of adding pages.
 */
export async function renderPdf(report: ExportReport): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  const { regular, bold } = loadFonts();
  const appName = translate(report.language, 'app.name');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: report.title, Creator: appName, Producer: appName },
    lang: report.language,
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const ctx = createRenderContext(doc, report);
  renderTitle(ctx);
  renderOutcome(ctx);
  renderFrozenResult(ctx);
  if (report.resultsHidden) renderHiddenResults(ctx, report.resultsHidden);
  else {
    renderMatrix(ctx);
    renderChart(ctx);
    renderRobustness(ctx);
    renderAgreement(ctx);
  }
  if (report.isTeam) renderTeamStatus(ctx);
  renderFormula(ctx);
  renderHistory(ctx);
  renderAiChanges(ctx);
  renderReasons(ctx);
  renderFooters(ctx);
  doc.end();
  return done;
}

/** A section heading, when the section's first `needed` points fit too; false when the report is full. */
function heading({ doc, left, width, ensureSpace, style }: RenderContext, text: string, needed: number) {
  if (!ensureSpace(needed + 22)) return false;
  doc.moveDown(0.6);
  style('bold', 12).text(text, left, doc.y, { width });
  doc.moveDown(0.3);
  return true;
}

/** Marks a shortened section; the CSV export always holds everything. */
function moreNote({ doc, t, left, width, bottom, style }: RenderContext, count: number) {
  const y = Math.min(doc.y, bottom() - 2);
  style('regular', 7.5, COLORS.muted).text(t('export.more', { count }), left, y, {
    width,
    lineBreak: false,
  });
}

/** "30 → 25 %": the weight as entered and its share of all weights, which is what it counts. */
function weightNote({ t, num }: RenderContext, criterion: ExportReport['criteria'][number]) {
  return t('results.weightShare', { weight: num(criterion.weight, 1), share: criterion.share });
}

/** Title, meta line (kind, mode, dates), participation and description. */
function renderTitle({ doc, report, t, left, width, style }: RenderContext) {
  style('bold', 18).text(report.title, left, MARGIN, { width, height: 70, ellipsis: true });
  doc.moveDown(0.2);
  const meta = [
    report.kind,
    report.mode,
    `${t('export.created')}: ${report.createdAt}`,
    `${t('export.updated')}: ${report.updatedAt}`,
  ];
  if (report.isTeam) meta.push(`${t('export.deadline')}: ${report.deadline ?? t('teamView.noDeadline')}`);
  style('regular', 8.5, COLORS.muted).text(meta.join(' · '), { width });
  style('regular', 8.5, COLORS.muted).text(
    `${t('export.exported')}: ${report.exportedAt} (${report.timeZone})`,
    { width },
  );
  if (report.participation) {
    const { line, missing } = report.participation;
    const text = missing.length ? `${line} · ${t('export.missing')}: ${missing.join(', ')}` : line;
    style('regular', 8.5).text(`${t('export.participation')}: ${text}`, {
      width,
      height: 24,
      ellipsis: true,
    });
  }
  if (report.description) {
    doc.moveDown(0.5);
    style('regular', 10).text(report.description, { width, height: 84, ellipsis: true });
  }
}

/** What was decided, first: chosen option (and the leader when it differs), rationale, review, who and when. */
function renderOutcome(ctx: RenderContext) {
  const { doc, report, t, left, width, style } = ctx;
  const { outcome } = report;
  if (!outcome || !heading(ctx, t('export.outcome'), 36)) return;
  const chosen = `${t('export.chosenOption')}: ${outcome.chosen}`;
  const leader = outcome.leader ? ` · ${t('export.leaderOption')}: ${outcome.leader}` : '';
  style('bold', 10).text(chosen + leader, left, doc.y, { width, height: 26, ellipsis: true });
  if (outcome.rationale) {
    style('regular', 9).text(outcome.rationale, left, doc.y, { width, height: 48, ellipsis: true });
  }
  const facts = [
    outcome.reviewOn ? `${t('export.reviewOn')}: ${outcome.reviewOn}` : null,
    outcome.decidedBy ? `${t('export.decidedBy')}: ${outcome.decidedBy}` : null,
    `${t('export.decidedAt')}: ${outcome.decidedAt}`,
  ].filter((fact) => fact !== null);
  style('regular', 8.5, COLORS.muted).text(facts.join(' · '), left, doc.y, { width });
}

/** Column widths, sizes and whether the criteria get short labels with a legend, for one matrix. */
interface MatrixLayout {
  size: number;
  minSize: number;
  lineHeight: number;
  rowHeight: number;
  optionWidth: number;
  cellWidth: number;
  totalWidth: number;
  rankWidth: number;
  useLegend: boolean;
  maxHeaderLines: number;
  headerHeight: number;
  x: { option: number; cell: (index: number) => number; total: number; rank: number };
}

function matrixLayout({ doc, report, t, left, width, style }: RenderContext): MatrixLayout {
  const { criteria, rows } = report;
  const size = criteria.length <= 6 ? 8.5 : criteria.length <= 12 ? 7 : 6;
  const minSize = 5.5;
  const lineHeight = size + 2;
  const hasUnscored = rows.some((row) => row.total === null);
  style('bold', size);
  const rankWidth = Math.max(26, Math.ceil(doc.widthOfString(t('export.rank'))) + 4);
  // Wide enough for its heading on one line, and for "no votes yet" when an option has no result.
  style('regular', size);
  const noVotesWidth = hasUnscored ? Math.ceil(doc.widthOfString(report.noTotal)) + 8 : 0;
  style('bold', size);
  const totalWidth = Math.min(
    90,
    Math.max(44, Math.ceil(doc.widthOfString(report.totalLabel)) + 8, noVotesWidth),
  );
  const optionWidth = Math.min(170, Math.max(100, width - rankWidth - totalWidth - criteria.length * 60));
  const cellWidth = (width - optionWidth - totalWidth - rankWidth) / criteria.length;
  // Narrow columns, or a name that fits only cut, get short labels (C1, C2, …) and a legend with
  // the full names below the table.
  const fitsWhole = (name: string) =>
    layoutHeader(style('bold', size), name, cellWidth - 4, { maxLines: 2, size, minSize }).isComplete;
  const useLegend = cellWidth < 48 || !criteria.every((criterion) => fitsWhole(criterion.name));
  const maxHeaderLines = useLegend ? 1 : 2;
  return {
    size,
    minSize,
    lineHeight,
    rowHeight: size + 5,
    optionWidth,
    cellWidth,
    totalWidth,
    rankWidth,
    useLegend,
    maxHeaderLines,
    headerHeight: (maxHeaderLines + 1) * lineHeight + 6,
    x: {
      option: left,
      cell: (index: number) => left + optionWidth + index * cellWidth,
      total: left + optionWidth + criteria.length * cellWidth,
      rank: left + width - rankWidth,
    },
  };
}

/** The short label of a criterion's column when the matrix uses a legend ("C1"). */
function criterionLabel({ t }: RenderContext, index: number) {
  return t('export.criterionShort', { number: index + 1 });
}

function renderMatrix(ctx: RenderContext) {
  const { doc, report, t, left, width, bottom, ensureSpace, style } = ctx;
  const { criteria, rows } = report;
  if (!heading(ctx, t('export.matrix'), 40)) return;
  if (!criteria.length || !rows.length) {
    style('regular', 10, COLORS.muted).text(t('export.emptyMatrix'), left, doc.y, { width });
    return;
  }
  // Before the totals: they are provisional, and nothing is marked best.
  if (report.noResult) style('bold', 10).text(report.noResult, left, doc.y, { width }).moveDown(0.3);
  const layout = matrixLayout(ctx);
  const { headerHeight, rowHeight } = layout;
  if (!ensureSpace(headerHeight + rowHeight)) return;
  renderMatrixHeader(ctx, layout);
  rows.forEach((row, rowIndex) => {
    if (doc.y + rowHeight > bottom()) {
      if (!ensureSpace(headerHeight + rowHeight)) return;
      renderMatrixHeader(ctx, layout);
    }
    renderMatrixRow(ctx, layout, row, rowIndex);
  });
  if (layout.useLegend) renderMatrixLegend(ctx);
}

/** The matrix header: option, criteria with their weight notes, total and rank, over a rule. */
function renderMatrixHeader(ctx: RenderContext, layout: MatrixLayout) {
  const { doc, report, t, left, width, style } = ctx;
  const { size, minSize, lineHeight, maxHeaderLines, x, optionWidth, cellWidth } = layout;
  /** A header of whole words in its column (see layoutHeader), bottom lines aligned with the others. */
  const headerText = (text: string, at: number, columnWidth: number, align: 'left' | 'center' | 'right') => {
    style('bold', size);
    const laid = layoutHeader(doc, text, columnWidth, { maxLines: maxHeaderLines, size, minSize });
    const top = doc.y;
    laid.lines.forEach((line, index) => {
      doc.text(line, at, top + (maxHeaderLines - laid.lines.length + index) * lineHeight, {
        width: columnWidth,
        align,
        lineBreak: false,
      });
    });
    doc.y = top;
  };
  /** The small note under a header (a weight and its share), shrunk to fit on one line. */
  const noteText = (text: string, at: number, columnWidth: number, align: 'left' | 'center') => {
    style('regular', size - 0.5, COLORS.muted);
    const laid = layoutHeader(doc, text, columnWidth, { maxLines: 1, size: size - 0.5, minSize });
    doc.text(laid.lines[0] ?? '', at, doc.y + maxHeaderLines * lineHeight, {
      width: columnWidth,
      align,
      lineBreak: false,
    });
  };

  const top = doc.y;
  headerText(t('export.option'), x.option, optionWidth - 4, 'left');
  report.criteria.forEach((criterion, index) => {
    const name = layout.useLegend ? criterionLabel(ctx, index) : criterion.name;
    headerText(name, x.cell(index), cellWidth - 4, 'center');
    doc.y = top;
    noteText(weightNote(ctx, criterion), x.cell(index), cellWidth - 4, 'center');
    doc.y = top;
  });
  headerText(report.totalLabel, x.total, layout.totalWidth - 4, 'right');
  headerText(t('export.rank'), x.rank, layout.rankWidth, 'right');
  noteText(
    report.isTeam ? t('export.teamWeightShort') : t('export.weightShort'),
    x.option,
    optionWidth - 4,
    'left',
  );
  doc
    .moveTo(left, top + layout.headerHeight - 3)
    .lineTo(left + width, top + layout.headerHeight - 3)
    .strokeColor(COLORS.rule)
    .lineWidth(0.7)
    .stroke();
  doc.y = top + layout.headerHeight;
}

/** One option's row: zebra stripe, name, cells, total ("no votes yet" shrunk to fit) and rank. */
function renderMatrixRow(
  { doc, report, cell, total, left, width, style }: RenderContext,
  { size, minSize, rowHeight, optionWidth, cellWidth, totalWidth, rankWidth, x }: MatrixLayout,
  row: ExportReport['rows'][number],
  rowIndex: number,
) {
  const noVotes = report.noTotal;
  const top = doc.y;
  if (rowIndex % 2 === 1) doc.rect(left, top - 1.5, width, rowHeight).fill(COLORS.zebra);
  const font = row.isTop ? 'bold' : 'regular';
  style(font, size, row.isTop ? COLORS.top : COLORS.text);
  doc.text(fitLine(doc, row.name, optionWidth - 6), x.option, top, { lineBreak: false });
  style('regular', size);
  row.values.forEach((value, index) => {
    // A measured criterion (issue 31): the raw value with its unit, then the score computed from it.
    const measured = report.criteria[index]?.measured;
    const measure = row.measures[index];
    const text =
      value === null
        ? '–'
        : measured && measure !== null && measure !== undefined
          ? `${formatMeasureWithUnit(measure, measured.unit, report.language)} → ${cell(value)}`
          : cell(value);
    doc.text(fitLine(doc, text, cellWidth - 4), x.cell(index), top, {
      width: cellWidth - 4,
      align: 'center',
      lineBreak: false,
    });
  });
  let totalText = row.total === null ? noVotes : total(row.total);
  if (row.total === null) {
    style('regular', size, COLORS.muted);
    // Shrunk, never wrapped: a second line would run into the next row.
    totalText = layoutHeader(doc, noVotes, totalWidth - 4, { maxLines: 1, size, minSize }).lines[0] ?? '';
  } else style(font, size, row.isTop ? COLORS.top : COLORS.text);
  doc.text(totalText, x.total, top, { width: totalWidth - 4, align: 'right', lineBreak: false });
  style(font, size, row.isTop ? COLORS.top : COLORS.text);
  doc.text(row.rank === null ? '–' : String(row.rank), x.rank, top, {
    width: rankWidth,
    align: 'right',
    lineBreak: false,
  });
  doc.y = top + rowHeight;
}

/** The full criterion names behind the short labels, two per line. */
function renderMatrixLegend(ctx: RenderContext) {
  const { doc, report, left, width, ensureSpace, style } = ctx;
  const { criteria } = report;
  doc.moveDown(0.5);
  const columns = 2;
  const columnWidth = width / columns;
  const legendLineHeight = 10;
  for (let index = 0; index < criteria.length; index += columns) {
    if (!ensureSpace(legendLineHeight)) return;
    const top = doc.y;
    for (let column = 0; column < columns && index + column < criteria.length; column += 1) {
      const criterion = criteria[index + column]!;
      style('regular', 7.5);
      const text = `${criterionLabel(ctx, index + column)} = ${criterion.name} (${weightNote(ctx, criterion)})`;
      doc.text(fitLine(doc, text, columnWidth - 8), left + column * columnWidth, top, {
        lineBreak: false,
      });
    }
    doc.y = top + legendLineHeight;
  }
}

/** The totals as bars, best first, on the decision's scale. */
function renderChart(ctx: RenderContext) {
  const { doc, report, t, num, total, left, width, ensureSpace, style } = ctx;
  // Best first (ties keep the options' order), options without a result last.
  const ranked = [...report.rows].sort(
    (a, b) => (a.rank ?? Number.POSITIVE_INFINITY) - (b.rank ?? Number.POSITIVE_INFINITY),
  );
  // Without any total (every weight 0) there is nothing to draw.
  if (!ranked.some((row) => row.total !== null)) return;
  const barHeight = ranked.length > 20 ? 8 : 11;
  const gap = 3;
  if (!heading(ctx, t('export.chart'), Math.min(ranked.length, 5) * (barHeight + gap))) return;
  // Totals stay on the decision's scale whatever the weights add up to.
  const scaleMax = SCALE_MAX;
  const maxValue = Math.max(scaleMax, ...ranked.map((row) => row.total ?? 0), 0.0001);
  const labelWidth = 170;
  const valueWidth = 40;
  const trackWidth = width - labelWidth - valueWidth;
  const size = Math.min(8, barHeight);
  for (const [index, row] of ranked.entries()) {
    if (!ensureSpace(barHeight + gap)) {
      moreNote(ctx, ranked.length - index);
      return;
    }
    const top = doc.y;
    style(row.isTop ? 'bold' : 'regular', size);
    const place = row.rank === null ? '–' : `${row.rank}.`;
    doc.text(fitLine(doc, `${place} ${row.name}`, labelWidth - 8), left, top, { lineBreak: false });
    if (row.total === null) {
      style('regular', size, COLORS.muted).text(report.noTotal, left + labelWidth, top, {
        width: trackWidth + valueWidth,
        lineBreak: false,
      });
      doc.y = top + barHeight + gap;
      continue;
    }
    doc.rect(left + labelWidth, top, trackWidth, barHeight - 1).fill(COLORS.track);
    const barWidth = (trackWidth * Math.max(0, row.total)) / maxValue;
    if (barWidth > 0)
      doc.rect(left + labelWidth, top, barWidth, barHeight - 1).fill(row.isTop ? COLORS.top : COLORS.bar);
    style(row.isTop ? 'bold' : 'regular', size).text(total(row.total), left + width - valueWidth, top, {
      width: valueWidth,
      align: 'right',
      lineBreak: false,
    });
    doc.y = top + barHeight + gap;
  }
  style('regular', 7, COLORS.muted).text(t('export.chartScale', { max: num(scaleMax, 1) }), left, doc.y, {
    width,
  });
}

/** In place of matrix and chart while the reader may not see results: when they will appear. */
function renderHiddenResults(ctx: RenderContext, notice: string) {
  const { doc, t, left, width, style } = ctx;
  if (!heading(ctx, t('export.results'), 14)) return;
  style('regular', 10, COLORS.muted).text(notice, left, doc.y, { width });
}

/** Label and sentence, then the win probabilities as short bars, and who is knocked out. */
function renderRobustness(ctx: RenderContext) {
  const { doc, report, t, num, left, width, ensureSpace, style } = ctx;
  const { robustness } = report;
  if (!robustness || !heading(ctx, t('robustness.title'), 40)) return;
  style('bold', 9).text(`${robustness.label}: `, left, doc.y, { continued: true });
  style('regular', 9).text(robustness.sentence, { width });
  if (!ensureSpace(14)) return;
  doc.moveDown(0.3);
  style('regular', 8, COLORS.muted).text(robustness.winProbabilityTitle, left, doc.y, { width });
  const labelWidth = Math.min(160, width / 3);
  const barWidth = width - labelWidth - 90;
  for (const [index, entry] of robustness.winShares.entries()) {
    if (!ensureSpace(11)) {
      moreNote(ctx, robustness.winShares.length - index);
      return;
    }
    const top = doc.y + 1;
    style('regular', 7.5).text(fitLine(doc, entry.option, labelWidth - 6), left, top, { lineBreak: false });
    doc.rect(left + labelWidth, top + 1, barWidth, 6).fill(COLORS.track);
    if (entry.percent > 0)
      doc.rect(left + labelWidth, top + 1, (barWidth * entry.percent) / 100, 6).fill(COLORS.bar);
    style('regular', 7.5).text(
      t('export.percent', { value: num(entry.percent, 1) }),
      left + labelWidth + barWidth + 6,
      top,
      { lineBreak: false },
    );
    doc.y = top + 10;
  }
  if (robustness.knockedOut.length && ensureSpace(12)) {
    const lines = robustness.knockedOut.map((entry) => `${entry.option} (${entry.reasons.join('; ')})`);
    style('regular', 8).text(`${t('robustness.knockedOut')}: ${lines.join(' · ')}`, left, doc.y + 2, {
      width,
      height: 24,
      ellipsis: true,
    });
  }
}

/** Overall and per-criterion agreement, then the least agreed cells (all of them are in the CSV). */
function renderAgreement(ctx: RenderContext) {
  const { doc, report, t, num, left, width, ensureSpace, style } = ctx;
  const { agreement } = report;
  if (!agreement || !heading(ctx, t('export.agreement'), 24)) return;
  const percent = (value: number | null) =>
    value === null ? '–' : t('export.percent', { value: num(value, 1) });
  style('regular', 8.5).text(`${t('export.overallAgreement')}: ${percent(agreement.overall)}`, left, doc.y, {
    width,
  });
  const criteria = agreement.criteria.map((entry) => `${entry.name} ${percent(entry.agreement)}`);
  if (criteria.length && ensureSpace(12)) {
    style('regular', 8.5).text(`${t('export.criteriaAgreement')}: ${criteria.join(' · ')}`, left, doc.y, {
      width,
      height: 24,
      ellipsis: true,
    });
  }
  const shown = agreement.cells.slice(0, LEAST_AGREED_IN_PDF);
  if (!shown.length || !ensureSpace(12)) return;
  const cells = shown.map(
    (cell) =>
      `${cell.option} × ${cell.criterion} ${percent(cell.agreement)} (${t('teamView.votes', { count: cell.votes })})`,
  );
  style('regular', 8.5).text(`${t('export.leastAgreed')}: ${cells.join(' · ')}`, left, doc.y, {
    width,
    height: 36,
    ellipsis: true,
  });
}

/** Every member with role and voting status, two per line, a filled dot for a complete vote. */
function renderTeamStatus(ctx: RenderContext) {
  const { doc, report, t, left, width, ensureSpace, style } = ctx;
  if (!heading(ctx, t('export.teamStatus'), 12)) return;
  const columns = 2;
  const columnWidth = width / columns;
  const lineHeight = 11;
  for (let index = 0; index < report.members.length; index += columns) {
    if (!ensureSpace(lineHeight)) {
      moreNote(ctx, report.members.length - index);
      return;
    }
    const top = doc.y;
    for (let column = 0; column < columns && index + column < report.members.length; column += 1) {
      const member = report.members[index + column]!;
      const x = left + column * columnWidth;
      const dot = doc.circle(x + 3, top + 3.5, 2.8);
      if (member.isComplete) dot.fill(COLORS.top);
      else dot.lineWidth(0.8).strokeColor(COLORS.muted).stroke();
      style('regular', 7.5);
      const text = `${member.name} · ${member.role} · ${memberStatus(report, member)}`;
      doc.text(fitLine(doc, text, columnWidth - 16), x + 9, top, { lineBreak: false });
    }
    doc.y = top + lineHeight;
  }
}

function renderFormula(ctx: RenderContext) {
  const { doc, report, t, left, width, ensureSpace, style } = ctx;
  if (!heading(ctx, t('export.formula'), 24)) return;
  for (const line of report.formula) {
    style('regular', 8.5);
    if (!ensureSpace(doc.heightOfString(line, { width }))) return;
    doc.text(line, left, doc.y, { width });
  }
}

/**
 * "Result when voting ended (date)" (issue 30): the ranking as it was frozen then, one line per option,
 * and a note when the live matrix now differs from it.
 */
function renderFrozenResult(ctx: RenderContext) {
  const { doc, report, total, left, width, ensureSpace, style } = ctx;
  const { frozen } = report;
  if (!frozen || !heading(ctx, frozen.title, 24)) return;
  if (frozen.differs) style('regular', 8.5, COLORS.muted).text(frozen.differs, left, doc.y, { width });
  if (frozen.participation) style('regular', 8.5).text(frozen.participation, left, doc.y, { width });
  for (const [index, row] of frozen.rows.entries()) {
    if (!ensureSpace(11)) {
      moreNote(ctx, frozen.rows.length - index);
      return;
    }
    const rank = row.rank === null ? '–' : `${row.rank}.`;
    const value = row.total === null ? report.noTotal : total(row.total);
    style(index === 0 && row.rank === 1 ? 'bold' : 'regular', 8.5);
    doc.text(fitLine(doc, `${rank} ${row.name}: ${value}`, width), left, doc.y, { width, lineBreak: false });
    doc.y += 1;
  }
}

/** The newest history entries, one sentence each with its time (the CSV holds the same). */
function renderHistory(ctx: RenderContext) {
  const { report, t } = ctx;
  renderNoteLines(
    ctx,
    t('export.history'),
    report.history.map((entry) => `${entry.at} · ${entry.sentence}`),
  );
}

/** Cells the owner changed from the AI's proposal: "Price – Alpha: 6 (AI: 7)". */
function renderAiChanges(ctx: RenderContext) {
  const { report, t, num } = ctx;
  renderNoteLines(
    ctx,
    t('export.aiChanges'),
    report.aiChanges.map((change) => {
      const reason = change.aiExplanation ? ` – ${change.aiExplanation.replace(/\s+/g, ' ')}` : '';
      return `${change.option} – ${change.criterion}: ${num(change.value)} (${t('export.aiSaid', { value: num(change.aiValue) })})${reason}`;
    }),
  );
}

function renderReasons(ctx: RenderContext) {
  const { report, t, num } = ctx;
  renderNoteLines(
    ctx,
    t('export.reasons'),
    report.reasons.map((reason) => {
      const head = `${reason.option} – ${reason.criterion} (${num(reason.value)})${reason.isAi ? ` · ${t('export.ai')}` : ''}: `;
      return head + reason.explanation.replace(/\s+/g, ' ');
    }),
  );
}

/** A section of short notes, each at most two lines; when the pages run out, how many are left. */
function renderNoteLines(ctx: RenderContext, title: string, lines: readonly string[]) {
  const { doc, left, width, ensureSpace, style } = ctx;
  if (!lines.length || !heading(ctx, title, 20)) return;
  for (const [index, text] of lines.entries()) {
    style('regular', 7.5);
    const height = Math.min(doc.heightOfString(text, { width }), 2 * 10);
    if (!ensureSpace(height + 2)) {
      moreNote(ctx, lines.length - index);
      return;
    }
    doc.text(text, left, doc.y, { width, height, ellipsis: true });
    doc.y += 2;
  }
}

/** App name, title and "page n of m" at the foot of every page. */
function renderFooters({ doc, report, t, left, width, style }: RenderContext) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Writing into the bottom margin would otherwise start a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    style('regular', 7, COLORS.muted).text(
      `${t('app.name')} · ${report.title.slice(0, 80)} · ${t('export.page', { page: index + 1, pages: range.count })}`,
      left,
      doc.page.height - MARGIN - 8,
      { width, align: 'center', lineBreak: false },
    );
    doc.page.margins.bottom = margin;
  }
}
