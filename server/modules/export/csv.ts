import { stringify } from 'csv-stringify/sync';
import { translate } from '../../i18n.ts';
import { csvDialect, formatFixed, formatNumber, neutraliseFormula } from './format.ts';
import type { ExportReport } from './service.ts';

/**
 * The decision as CSV: a header block, the outcome once recorded, the ranking matrix (the weights row and each weight's share,
 * then one row per option, best first, with each criterion's value, total and rank), then for teams
 * each member's weights and voted status, the reader's own votes, the reasons and the formula.
 * UTF-8 with BOM so spreadsheets read umlauts.
 */
export function renderCsv(report: ExportReport): string {
  const { language } = report;
  const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  const num = (value: number | null) => (value === null ? '' : formatNumber(value, language));
  // Totals with the screens' decimals: 1 in the personal details, 2 for the team result.
  const total = (value: number | null) =>
    value === null ? report.noTotal : formatFixed(value, language, report.isTeam ? 2 : 1);
  const criterionNames = report.criteria.map((criterion) => criterion.name);
  const rows: string[][] = [];

  const isMeasured = report.criteria.some((criterion) => criterion.measured);
  // Raw values in full (issue 31): the import reads them back into an equal decision.
  const raw = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : formatNumber(value, language, 6);

  /**
   * The ranking matrix: header, (issue 31) how measured criteria are measured, weights and shares, then
   * one row per option, best first; a measured criterion's cells hold the raw value, its scores follow.
   */
  const pushMatrix = () => {
    rows.push([t('export.option'), ...criterionNames, report.totalLabel, t('export.rank')]);
    if (isMeasured) rows.push(...measuredCriterionRows(report));
    rows.push([
      report.isTeam ? t('export.teamWeightRow') : t('export.weightRow'),
      ...report.criteria.map((criterion) => num(criterion.weight)),
    ]);
    rows.push([t('export.shareRow'), ...report.criteria.map((criterion) => num(criterion.share))]);
    for (const row of report.rows) {
      rows.push([
        row.name,
        ...row.values.map((value, index) =>
          report.criteria[index]?.measured ? raw(row.measures[index]) : num(value),
        ),
        total(row.total),
        row.rank === null ? '' : String(row.rank),
      ]);
    }
    if (isMeasured) {
      const measured = report.criteria.flatMap((criterion, index) => (criterion.measured ? [index] : []));
      rows.push([]);
      rows.push([t('export.measuredScores')]);
      rows.push([t('export.option'), ...measured.map((index) => criterionNames[index]!)]);
      for (const row of report.rows)
        rows.push([row.name, ...measured.map((index) => num(row.values[index] ?? null))]);
    }
  };

  rows.push([t('export.decision'), report.title]);
  if (report.description) rows.push([t('export.description'), report.description]);
  rows.push([t('export.kind'), report.kind]);
  rows.push([t('export.mode'), report.mode]);
  rows.push([t('export.created'), report.createdAt]);
  rows.push([t('export.updated'), report.updatedAt]);
  if (report.isTeam) rows.push([t('export.deadline'), report.deadline ?? t('teamView.noDeadline')]);
  if (report.participation) {
    rows.push([t('export.participation'), report.participation.line]);
    if (report.participation.missing.length)
      rows.push([t('export.missing'), report.participation.missing.join(', ')]);
  }
  rows.push([t('export.exported'), report.exportedAt]);
  rows.push([t('export.timeZone'), report.timeZone]);
  rows.push([]);
  rows.push(...outcomeRows(report));

  if (report.resultsHidden) {
    // No matrix, weights or totals: the reader may not see results yet.
    rows.push([t('export.results'), report.resultsHidden]);
  } else {
    if (report.noResult) rows.push([t('export.results'), report.noResult]);
    pushMatrix();
  }

  rows.push(...robustnessRows(report));
  rows.push(...frozenRows(report));

  if (report.agreement) {
    const { agreement } = report;
    rows.push([]);
    rows.push([t('export.agreement')]);
    rows.push([t('export.overallAgreement'), num(agreement.overall)]);
    rows.push([t('export.criterion'), t('export.agreementPercent')]);
    for (const criterion of agreement.criteria) rows.push([criterion.name, num(criterion.agreement)]);
    if (agreement.cells.length) {
      rows.push([t('export.leastAgreed')]);
      rows.push([t('export.option'), t('export.criterion'), t('export.agreementPercent'), t('export.votes')]);
      for (const cell of agreement.cells)
        rows.push([cell.option, cell.criterion, num(cell.agreement), String(cell.votes)]);
    }
  }

  if (report.isTeam) {
    rows.push([]);
    rows.push([t('export.members')]);
    rows.push([t('export.member'), t('export.role'), t('export.status'), ...criterionNames]);
    for (const member of report.members) {
      rows.push([member.name, member.role, memberStatus(report, member), ...member.weights.map(num)]);
    }
    if (report.ownVotes) {
      rows.push([]);
      rows.push([t('export.ownVotes')]);
      rows.push([t('export.option'), ...criterionNames]);
      for (const vote of report.ownVotes) rows.push([vote.name, ...vote.values.map(num)]);
    }
  }

  if (report.aiChanges.length) {
    rows.push([]);
    rows.push([t('export.aiChanges')]);
    rows.push([
      t('export.option'),
      t('export.criterion'),
      t('export.value'),
      t('export.aiValue'),
      t('export.aiReason'),
    ]);
    for (const change of report.aiChanges) {
      rows.push([
        change.option,
        change.criterion,
        num(change.value),
        num(change.aiValue),
        change.aiExplanation ?? '',
      ]);
    }
  }

  if (report.reasons.length) {
    rows.push([]);
    rows.push([t('export.reasons')]);
    rows.push([t('export.option'), t('export.criterion'), t('export.value'), t('export.reason')]);
    for (const reason of report.reasons) {
      rows.push([reason.option, reason.criterion, num(reason.value), reason.explanation]);
    }
  }

  rows.push([]);
  rows.push([t('export.formula')]);
  for (const line of report.formula) rows.push([line]);

  if (report.history.length) {
    rows.push([]);
    rows.push([t('export.history')]);
    rows.push([t('export.historyDate'), t('export.historyActor'), t('export.historyEntry')]);
    for (const entry of report.history) rows.push([entry.at, entry.actor, entry.sentence]);
  }

  return stringify(
    rows.map((row) => row.map(neutraliseFormula)),
    {
      delimiter: csvDialect(language).delimiter,
      bom: true,
      record_delimiter: 'windows',
      // Line breaks inside a cell (descriptions, reasons) must be quoted, not only CRLF.
      quoted_match: /[\r\n]/,
    },
  );
}

/**
 * Issue 31: the rows directly under the matrix header when a criterion is measured, labelled in the
 * export's language (the import reads these labels): unit, direction (higher/lower), worst and best;
 * empty for score criteria and for worst and best that default to the options' values.
 */
function measuredCriterionRows({ criteria, language }: ExportReport): string[][] {
  const t = (key: string) => translate(language, key);
  const raw = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : formatNumber(value, language, 6);
  return [
    [t('export.unitRow'), ...criteria.map((criterion) => criterion.measured?.unit ?? '')],
    [
      t('export.directionRow'),
      ...criteria.map((criterion) =>
        criterion.measured ? t(`export.direction.${criterion.measured.direction}`) : '',
      ),
    ],
    [t('export.worstRow'), ...criteria.map((criterion) => raw(criterion.measured?.worst))],
    [t('export.bestRow'), ...criteria.map((criterion) => raw(criterion.measured?.best))],
  ];
}

/** How solid the result is: label and sentence, win probabilities, each criterion's flip points. */
function robustnessRows({ robustness, language }: ExportReport): string[][] {
  if (!robustness) return [];
  const t = (key: string) => translate(language, key);
  const num = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : formatNumber(value, language, 2);
  return [
    [],
    [t('robustness.title')],
    [robustness.label, robustness.sentence],
    [robustness.winProbabilityTitle],
    [t('export.option'), t('export.winPercent'), t('export.meanRank')],
    ...robustness.winShares.map((entry) => [entry.option, num(entry.percent), num(entry.meanRank)]),
    ...(robustness.knockedOut.length
      ? [
          [t('robustness.knockedOut')],
          ...robustness.knockedOut.map((entry) => [entry.option, entry.reasons.join('; ')]),
        ]
      : []),
    [t('robustness.flipPoints')],
    [
      t('robustness.criterion'),
      t('robustness.share'),
      t('robustness.upAt'),
      t('robustness.upOption'),
      t('robustness.downAt'),
      t('robustness.downOption'),
    ],
    ...robustness.flips.map((flip) => [
      flip.criterion,
      num(flip.share),
      num(flip.up?.atShare),
      flip.up?.option ?? '',
      num(flip.down?.atShare),
      flip.down?.option ?? '',
    ]),
  ];
}

/** The result when voting ended (issue 30), as stored then; a note when the live matrix differs now. */
function frozenRows({ frozen, language, noTotal }: ExportReport): string[][] {
  if (!frozen) return [];
  const t = (key: string) => translate(language, key);
  // Team results with the screens' 2 decimals, as in the matrix.
  const num = (value: number | null) => (value === null ? noTotal : formatFixed(value, language, 2));
  return [
    [],
    [frozen.title],
    ...(frozen.differs ? [[frozen.differs]] : []),
    ...(frozen.participation ? [[frozen.participation]] : []),
    [t('export.rank'), t('export.option'), t('export.teamResult')],
    ...frozen.rows.map((row) => [row.rank === null ? '' : String(row.rank), row.name, num(row.total)]),
  ];
}

/** What was decided, before the matrix that led to it; nothing until an outcome is recorded. */
function outcomeRows({ outcome, language }: ExportReport): string[][] {
  if (!outcome) return [];
  const t = (key: string) => translate(language, key);
  return [
    [t('export.outcome')],
    [t('export.chosenOption'), outcome.chosen],
    ...(outcome.leader ? [[t('export.leaderOption'), outcome.leader]] : []),
    [t('export.rationale'), outcome.rationale],
    [t('export.reviewOn'), outcome.reviewOn ?? ''],
    [t('export.decidedBy'), outcome.decidedBy ?? ''],
    [t('export.decidedAt'), outcome.decidedAt],
    [],
  ];
}

/** Invited, does not vote (viewer), voted (in full), started (some values), pending. */
export function memberStatus(report: ExportReport, member: ExportReport['members'][number]): string {
  const key = !member.isAccepted
    ? 'export.invited'
    : !member.isVoter
      ? 'export.doesNotVote'
      : member.isComplete
        ? 'export.voted'
        : member.hasVoted
          ? 'export.started'
          : 'export.notVoted';
  return translate(report.language, key);
}
