import type { AnalysisResponse, DecisionAnalysis } from '../../../shared/api/analysis.ts';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { FORMER_MEMBER_NAME_KEY } from '../../../shared/display-name.ts';
import type { HistoryEntry } from '../../../shared/api/history.ts';
import { historySentenceOf, renderHistorySentence } from '../../../shared/history-sentences.ts';
import { robustnessSentenceOf } from '../../../shared/robustness-sentence.ts';
import { roundTo } from '../../../shared/scoring/rounding.ts';
import { scaleOfDecision, type Language } from '../../../shared/limits.ts';
import { countedPersonalCells } from '../../../shared/scoring/personal.ts';
import { noResultMessageOf } from '../../../shared/no-result.ts';
import { resultsHiddenMessageKey } from '../../../shared/results-hidden.ts';
import { roundedSharesOf } from '../../../shared/scoring/shares.ts';
import { translate } from '../../i18n.ts';
import { presentDetails, type DecisionAccess, type DecisionsService } from '../decisions/index.ts';
import { formatDateTime, formatDay, formatNumber } from './format.ts';
import { createPdfRenderer } from './pdf-renderer.ts';

export interface ExportCriterion {
  id: number;
  name: string;
  /** Personal: the importance; team: the team weight. */
  weight: number;
  /** The weight's share of all weights in whole percent (what it counts; the shares add up to 100). */
  share: number;
  /** Issue 31: how a measured criterion is measured (worst and best null when they default); null for a score. */
  measured: {
    unit: string | null;
    direction: 'higher' | 'lower';
    worst: number | null;
    best: number | null;
  } | null;
}

export interface ExportRow {
  optionId: number;
  name: string;
  /** One per criterion, in criteria order; null where nothing was scored. */
  values: (number | null)[];
  /** Issue 31: the raw value of each measured criterion (criteria order); null for score criteria. */
  measures: (number | null)[];
  /** Σ value × weight / Σ weight; null for a team option nobody voted on yet ("no votes yet"). */
  total: number | null;
  /** Competition rank (ties share it); null without a total. */
  rank: number | null;
  isTop: boolean;
}

export interface ExportReason {
  option: string;
  criterion: string;
  value: number;
  explanation: string;
  isAi: boolean;
}

export interface ExportMember {
  name: string;
  role: string;
  isAccepted: boolean;
  /** Owner, admin or editor: viewers read along and never count as pending. */
  isVoter: boolean;
  /** Any own value or weight (SPEC.md's voted status). */
  hasVoted: boolean;
  /** Voted in full: every cell (manual mode) or submitted weights (AI mode). */
  isComplete: boolean;
  /** The member's submitted weight per criterion (null: not weighted). */
  weights: (number | null)[];
}

/**
 * Everything an export shows, derived only from the details body the reader would get from
 * GET /details, so an export never reveals more than the screen does (e.g. no other member's votes).
 */
export interface ExportReport {
  language: Language;
  timeZone: string;
  isTeam: boolean;
  title: string;
  description: string;
  kind: string;
  mode: string;
  createdAt: string;
  updatedAt: string;
  exportedAt: string;
  deadline: string | null;
  criteria: ExportCriterion[];
  /** In ranking order: best first, ties in the options' order, options without a total last. */
  rows: ExportRow[];
  reasons: ExportReason[];
  members: ExportMember[];
  /** Team: the reader's own votes per option (criteria order); null for personal decisions. */
  ownVotes: { name: string; values: (number | null)[] }[] | null;
  formula: string[];
  /**
   * Team decisions whose results the reader may not see yet: the sentence saying when they appear.
   * Then `rows`, `criteria` weights, `agreement` carry nothing (the details body has none of it).
   */
  resultsHidden: string | null;
  /**
   * Why no option leads yet ("No result yet: 3 cells are still empty."); null while one does. The
   * totals are then provisional (`totalLabel` says so) and no row is marked top.
   */
  noResult: string | null;
  /** The totals column: "Total" / "Team result", with "(provisional)" while there is no result. */
  totalLabel: string;
  /** In place of a missing total: "no votes yet" for a team option nobody voted on, else "–". */
  noTotal: string;
  /** Team decisions: "3 of 5 have voted" and who is missing; null for personal ones. */
  participation: { line: string; missing: string[] } | null;
  /** Team decisions while results are visible: where the team agrees (shared/scoring/agreement.ts). */
  agreement: ExportAgreement | null;
  /** What was decided; null until an outcome is recorded. */
  outcome: ExportOutcome | null;
  /**
   * Personal AI mode (issue 18): cells whose value the owner changed from what the AI proposed, matrix
   * order; the owner's value is what counts, the AI's stays recognisable ("AI: 7").
   */
  aiChanges: {
    option: string;
    criterion: string;
    value: number;
    aiValue: number;
    aiExplanation: string | null;
  }[];
  /** How solid the result is (issue 17); null while results are hidden or there is no result yet. */
  robustness: ExportRobustness | null;
  /** Team decisions once voting ended (issue 30): the result as it stood then, never recomputed. */
  frozen: ExportFrozenResult | null;
  /** The newest history entries (issue 30), newest first, each one sentence; empty when there are none. */
  history: ExportHistoryEntry[];
}

/** The result frozen when voting ended, as the exports print it. */
export interface ExportFrozenResult {
  /** "Result when voting ended (date)". */
  title: string;
  /** Best first, with the names it was taken with. */
  rows: { rank: number | null; name: string; total: number | null }[];
  /** "3 of 5 have voted" at that moment. */
  participation: string | null;
  /** Said when the live matrix now differs from it; else null. */
  differs: string | null;
}

/** One history entry: when, who (a name, "Former member" or "System"), and what in one sentence. */
export interface ExportHistoryEntry {
  at: string;
  actor: string;
  sentence: string;
}

/** How many history entries the exports carry at most (the newest). */
export const EXPORT_HISTORY_MAX = 50;

function frozenOf(
  details: DecisionDetails,
  t: (key: string, params?: Record<string, string | number>) => string,
  date: (iso: string) => string,
): ExportFrozenResult | null {
  const frozen = details.frozen_result;
  if (!frozen) return null;
  return {
    title: t('export.frozenResult', { date: date(frozen.at) }),
    rows: frozen.ranking.map((entry) => ({ rank: entry.rank, name: entry.name, total: entry.total })),
    participation:
      details.decision.type === 'team'
        ? t('results.participation', {
            complete: frozen.participation.complete,
            voters: frozen.participation.voters,
          })
        : null,
    differs: details.frozen_result_differs ? t('export.frozenResultDiffers') : null,
  };
}

/** History entries as sentences in the report's language and zone (shared/history-sentences.ts). */
export function historyLinesOf(
  entries: readonly HistoryEntry[],
  language: Language,
  timeZone: string,
): ExportHistoryEntry[] {
  const t = (key: string, params: Record<string, string | number>) => translate(language, key, params);
  return entries.slice(0, EXPORT_HISTORY_MAX).map((entry) => ({
    at: formatDateTime(entry.at, language, timeZone),
    actor: 'kind' in entry.actor ? t('decisionHistory.system', {}) : entry.actor.display_name,
    sentence: renderHistorySentence(historySentenceOf(entry), t, language, { timeZone }),
  }));
}

/** The analysis as the exports print it: label, the one sentence, win probabilities and flip points. */
export interface ExportRobustness {
  label: string;
  sentence: string;
  winProbabilityTitle: string;
  /** Best first; percent of the variations each option leads, and its mean rank. */
  winShares: { option: string; percent: number; meanRank: number }[];
  flips: {
    criterion: string;
    share: number;
    up: { atShare: number; option: string } | null;
    down: { atShare: number; option: string } | null;
  }[];
  /** Options knocked out by a must-have, each with its reasons in words. */
  knockedOut: { option: string; reasons: string[] }[];
}

/** The recorded outcome as the export prints it (dates in the report's language and zone). */
export interface ExportOutcome {
  chosen: string;
  /** The leading option by the votes when it is not the chosen one (the screens show both); else null. */
  leader: string | null;
  rationale: string;
  reviewOn: string | null;
  /** Who recorded it, by the display-name rule; null when unknown (an account gone since). */
  decidedBy: string | null;
  decidedAt: string;
}

export interface ExportAgreement {
  /** Mean over the cells that have an agreement, in percent; null while none has. */
  overall: number | null;
  criteria: { name: string; agreement: number | null }[];
  /** Cells with an agreement, least agreed first (ties in matrix order). */
  cells: { option: string; criterion: string; agreement: number; votes: number }[];
}

/** Value per `option:criterion`; a later entry for the same cell wins, as in the scoring. */
function valueByCell(cells: readonly { option_id: number; criterion_id: number; value: number }[]) {
  return new Map(cells.map((cell) => [`${cell.option_id}:${cell.criterion_id}`, cell.value]));
}

/** Compares cells by option, then criterion, in the order the matrix shows them. */
function matrixOrderOf(options: readonly { id: number }[], criteria: readonly { id: number }[]) {
  const optionOrder = new Map(options.map((option, index) => [option.id, index]));
  const criterionOrder = new Map(criteria.map((criterion, index) => [criterion.id, index]));
  return (a: { option_id: number; criterion_id: number }, b: { option_id: number; criterion_id: number }) =>
    optionOrder.get(a.option_id)! - optionOrder.get(b.option_id)! ||
    criterionOrder.get(a.criterion_id)! - criterionOrder.get(b.criterion_id)!;
}

/** The team members with role, voting status and submitted weights (criteria order). */
function membersOf(
  details: DecisionDetails,
  t: (key: string, params?: Record<string, string | number>) => string,
): ExportMember[] {
  return details.teamMembers.map((member) => {
    const submitted = new Map(
      (member.user_id === null ? [] : (details.weightsByUser[String(member.user_id)] ?? [])).map((w) => [
        w.criterion_id,
        w.weight,
      ]),
    );
    return {
      // The display-name rule for members; a pending invitation is the address as typed (or, without
      // addresses, its part before the @).
      name: (member.accepted ? member.display_name : (member.email ?? member.display_name)) ?? '—',
      role: t(`roles.${member.role}`),
      isAccepted: member.accepted,
      isVoter: member.role !== 'viewer',
      hasVoted: member.has_voted,
      isComplete: member.complete,
      weights: details.criteria.map((criterion) => submitted.get(criterion.id) ?? null),
    };
  });
}

export function buildReport(
  details: DecisionDetails,
  language: Language,
  timeZone: string,
  now: Date,
  analysis: AnalysisResponse | null = null,
  history: readonly HistoryEntry[] = [],
): ExportReport {
  const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  const { decision, options, criteria, results, teamResults } = details;
  const isTeam = decision.type === 'team';
  const date = (iso: string) => formatDateTime(iso, language, timeZone);

  // Personal: the owner's values and AI values, as the details matrix shows them (last one wins).
  const matrixEvaluations = isTeam
    ? details.evaluations
    : countedPersonalCells(details.evaluations, decision.user_id);
  const values = valueByCell(isTeam ? (teamResults?.cells ?? []) : matrixEvaluations);
  const teamWeights = new Map((teamResults?.weights ?? []).map((w) => [w.criterion_id, w.weight]));
  const weightOf = (criterion: { id: number; importance: number }) =>
    isTeam ? (teamWeights.get(criterion.id) ?? criterion.importance) : criterion.importance;
  const shares = roundedSharesOf(new Map(criteria.map((criterion) => [criterion.id, weightOf(criterion)])));
  const exportCriteria = criteria.map((criterion) => ({
    id: criterion.id,
    name: criterion.name,
    weight: weightOf(criterion),
    share: shares.get(criterion.id) ?? 0,
    measured:
      criterion.kind === 'measure'
        ? {
            unit: criterion.unit,
            direction: criterion.direction ?? ('higher' as const),
            worst: criterion.worst,
            best: criterion.best,
          }
        : null,
  }));
  // Raw values of measured criteria (issue 31): the owner's (personal) or the team's facts.
  const measures = new Map(
    (isTeam ? details.evaluations.filter((e) => e.generated_by === 'fact') : matrixEvaluations).flatMap(
      (e) => (e.measure === null ? [] : [[`${e.option_id}:${e.criterion_id}`, e.measure] as const]),
    ),
  );
  // The ranking table of the screens: best first (the details ranking is already in that order).
  const optionById = new Map(options.map((option) => [option.id, option]));
  const noResult = noResultMessageOf(details);
  // Totals that will still change as cells are filled or votes completed.
  const isProvisional =
    results.no_result_reason === 'missing_cells' || results.no_result_reason === 'no_complete_voter';
  const rows = results.ranking.flatMap((entry) => {
    const option = optionById.get(entry.option_id);
    if (!option) return [];
    return [
      {
        optionId: option.id,
        name: option.name,
        values: criteria.map((criterion) => values.get(`${option.id}:${criterion.id}`) ?? null),
        measures: criteria.map((criterion) =>
          criterion.kind === 'measure' ? (measures.get(`${option.id}:${criterion.id}`) ?? null) : null,
        ),
        total: entry.total,
        rank: entry.rank,
        isTop: entry.is_top,
      },
    ];
  });

  const optionNames = new Map(options.map((option) => [option.id, option.name]));
  const criterionNames = new Map(criteria.map((criterion) => [criterion.id, criterion.name]));
  const inMatrixOrder = matrixOrderOf(options, criteria);
  // Reasons of the values the matrix counts: AI values in a team's AI mode, else the reader's own.
  const countedSource = decision.mode === 'ai' ? 'ai' : 'user';
  const reasons = matrixEvaluations
    .filter((e) => !isTeam || e.generated_by === countedSource)
    .filter((e) => e.explanation && optionNames.has(e.option_id) && criterionNames.has(e.criterion_id))
    .sort(inMatrixOrder)
    .map((e) => ({
      option: optionNames.get(e.option_id)!,
      criterion: criterionNames.get(e.criterion_id)!,
      value: e.value,
      explanation: e.explanation!,
      isAi: e.generated_by === 'ai',
    }));

  const isHidden = details.resultsHiddenUntil !== null;
  const members = membersOf(details, t);

  // The reader's own votes: details sends them (and AI values) but never another member's.
  const ownValues = valueByCell(details.evaluations.filter((e) => e.generated_by === 'user'));
  const ownVotes = isTeam
    ? options.map((option) => ({
        name: option.name,
        values: criteria.map((criterion) => ownValues.get(`${option.id}:${criterion.id}`) ?? null),
      }))
    : null;

  return {
    language,
    timeZone,
    isTeam,
    title: decision.name,
    description: decision.description,
    kind: isTeam ? t('export.kindTeam') : t(`decision.type.${decision.type}`),
    mode: t(`decision.mode.${decision.mode}`),
    createdAt: date(decision.created_at),
    updatedAt: date(decision.updated_at),
    exportedAt: date(now.toISOString()),
    deadline: decision.timer ? date(decision.timer) : null,
    criteria: exportCriteria,
    rows,
    reasons,
    members,
    ownVotes: ownVotes && ownVotes.some((row) => row.values.some((v) => v !== null)) ? ownVotes : null,
    resultsHidden: isHidden ? t(resultsHiddenMessageKey(details)) : null,
    noResult:
      isHidden || !noResult
        ? null
        : t(noResult.key, noResult.count === undefined ? {} : { count: noResult.count }),
    noTotal: isTeam && results.no_result_reason !== 'no_weights' ? t('results.noVotesYet') : '–',
    totalLabel: isTeam
      ? t(isProvisional ? 'results.teamResultProvisional' : 'export.teamResult')
      : t(isProvisional ? 'results.totalProvisional' : 'export.total'),
    participation: details.participation
      ? {
          line: t('results.participation', {
            complete: details.participation.complete,
            voters: details.participation.voters,
          }),
          missing: members.filter((m) => m.isAccepted && m.isVoter && !m.isComplete).map((m) => m.name),
        }
      : null,
    agreement: details.consensus ? agreementOf(details.consensus, optionNames, criterionNames) : null,
    formula: isTeam
      ? [
          t('teamView.formulaWeight'),
          t(decision.mode === 'ai' ? 'teamView.formulaCellAi' : 'teamView.formulaCell'),
          t('teamView.formulaResult'),
        ]
      : [t('details.formula', scaleOfDecision(decision.type))],
    outcome: outcomeOf(details, language, timeZone),
    aiChanges: isTeam
      ? []
      : matrixEvaluations
          .filter((e) => e.ai_value !== null && e.ai_value !== e.value)
          .filter((e) => optionNames.has(e.option_id) && criterionNames.has(e.criterion_id))
          .sort(inMatrixOrder)
          .map((e) => ({
            option: optionNames.get(e.option_id)!,
            criterion: criterionNames.get(e.criterion_id)!,
            value: e.value,
            aiValue: e.ai_value!,
            aiExplanation: e.ai_explanation,
          })),
    robustness:
      analysis && !('hidden' in analysis) && noResult === null && !isHidden
        ? robustnessOf(analysis, optionNames, criterionNames, language)
        : null,
    // Null while results are hidden from the reader: the details carry none then.
    frozen: frozenOf(details, t, date),
    history: historyLinesOf(history, language, timeZone),
  };
}

function robustnessOf(
  analysis: DecisionAnalysis,
  optionNames: ReadonlyMap<number, string>,
  criterionNames: ReadonlyMap<number, string>,
  language: Language,
): ExportRobustness {
  const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  const option = (id: number) => optionNames.get(id) ?? '';
  const criterion = (id: number) => criterionNames.get(id) ?? '';
  const percent = (value: number) => formatNumber(value, language, 1);
  const { key, ...params } = robustnessSentenceOf(analysis, { option, criterion });
  const sentenceParams = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, typeof value === 'number' ? percent(value) : value]),
  );
  const knockedOut = new Map<number, string[]>();
  for (const entry of analysis.knocked_out) {
    const reason =
      entry.value === null
        ? t('robustness.noValue', { criterion: criterion(entry.criterion_id), minimum: entry.minimum })
        : t('robustness.belowMinimum', {
            criterion: criterion(entry.criterion_id),
            value: formatNumber(entry.value, language, 2),
            minimum: entry.minimum,
          });
    knockedOut.set(entry.option_id, [...(knockedOut.get(entry.option_id) ?? []), reason]);
  }
  return {
    label: t(`robustness.label.${analysis.robustness.label}`),
    sentence: t(key, sentenceParams),
    winProbabilityTitle: t('robustness.winProbability', {
      samples: formatNumber(analysis.stability.samples, language, 0),
    }),
    winShares: analysis.stability.options.map((entry) => ({
      option: option(entry.option_id),
      percent: roundTo(entry.win_share * 100, 1),
      meanRank: entry.mean_rank,
    })),
    flips: analysis.sensitivity.map((entry) => ({
      criterion: criterion(entry.criterion_id),
      share: entry.share,
      up: entry.up && { atShare: entry.up.at_share, option: option(entry.up.option_id) },
      down: entry.down && { atShare: entry.down.at_share, option: option(entry.down.option_id) },
    })),
    knockedOut: [...knockedOut].map(([id, reasons]) => ({ option: option(id), reasons })),
  };
}

function agreementOf(
  consensus: NonNullable<DecisionDetails['consensus']>,
  optionNames: ReadonlyMap<number, string>,
  criterionNames: ReadonlyMap<number, string>,
): ExportAgreement {
  const cells = consensus.cells.flatMap((cell) => {
    const option = optionNames.get(cell.option_id);
    const criterion = criterionNames.get(cell.criterion_id);
    if (cell.agreement === null || option === undefined || criterion === undefined) return [];
    return [{ option, criterion, agreement: cell.agreement, votes: cell.votes }];
  });
  return {
    overall: consensus.overall,
    criteria: consensus.criteria.flatMap((entry) => {
      const name = criterionNames.get(entry.criterion_id);
      return name === undefined ? [] : [{ name, agreement: entry.agreement }];
    }),
    // Stable sort: equal agreements keep the matrix order.
    cells: cells.sort((a, b) => a.agreement - b.agreement),
  };
}

/**
 * The outcome section: chosen option, the leader when it differs, rationale, review day, who and when.
 * In a team the decider is named from the member list; for a personal decision it is the owner,
 * whose name the details do not carry (`report` fills it in).
 */
function outcomeOf(details: DecisionDetails, language: Language, timeZone: string): ExportOutcome | null {
  const { outcome, options, results } = details;
  if (!outcome) return null;
  const nameOf = (optionId: number | undefined) => options.find((option) => option.id === optionId)?.name;
  const leaderId = results.ranking.find((entry) => entry.is_top && entry.total !== null)?.option_id;
  const isLeaderChosen = results.ranking.some(
    (entry) => entry.option_id === outcome.option_id && entry.is_top && entry.total !== null,
  );
  const decider = details.teamMembers.find((member) => member.user_id === outcome.decided_by);
  return {
    chosen: nameOf(outcome.option_id) ?? '',
    leader: leaderId === undefined || isLeaderChosen ? null : (nameOf(leaderId) ?? null),
    rationale: outcome.rationale,
    reviewOn: outcome.review_on === null ? null : formatDay(outcome.review_on, language),
    decidedBy: decider?.display_name ?? null,
    decidedAt: formatDateTime(outcome.decided_at, language, timeZone),
  };
}

function withoutEmailAddresses(details: DecisionDetails): DecisionDetails {
  return { ...details, teamMembers: details.teamMembers.map((member) => ({ ...member, email: null })) };
}

export function createExportService(deps: {
  decisionsService: DecisionsService;
  /** A person's name by the display-name rule (the owner who decided a personal decision). */
  displayNameOf: (userId: number) => Promise<string | null>;
  /**
   * The newest `limit` history entries as GET …/history answers the caller (its blind-voting rules
   * applied), from the history module; none where it is not wired.
   */
  historyOf?: (access: DecisionAccess, language: Language, limit: number) => Promise<HistoryEntry[]>;
}) {
  // Per instance: PDFs render in worker threads, at most LIMITS.export.pdfRendersAtOnce at a time.
  const pdfRenderer = createPdfRenderer();
  return {
    /**
     * The report for a caller already authorized to view the decision (the details rules).
     * `withoutAddresses`: no e-mail address of anyone (the data export of issue 28 names people only).
     */
    async report(
      access: DecisionAccess,
      language: Language,
      timeZone = 'UTC',
      { withoutAddresses = false }: { withoutAddresses?: boolean } = {},
    ): Promise<ExportReport> {
      const presented = presentDetails(access, await deps.decisionsService.details(access), language);
      const details = withoutAddresses ? withoutEmailAddresses(presented) : presented;
      const analysis = await deps.decisionsService.analysis(access);
      const history = deps.historyOf ? await deps.historyOf(access, language, EXPORT_HISTORY_MAX) : [];
      const report = buildReport(details, language, timeZone, new Date(), analysis, history);
      if (report.outcome && report.outcome.decidedBy === null && details.outcome?.decided_by) {
        // No account by that id any more: the decider deleted theirs (issue 28).
        report.outcome.decidedBy =
          (await deps.displayNameOf(details.outcome.decided_by)) ??
          translate(language, FORMER_MEMBER_NAME_KEY);
      }
      return report;
    },

    /** The report as a PDF, rendered off the event loop. */
    renderPdf(report: ExportReport): Promise<Buffer> {
      return pdfRenderer.render(report);
    },

    /** Ends the PDF worker threads, if any run. */
    close(): Promise<void> {
      return pdfRenderer.close();
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
