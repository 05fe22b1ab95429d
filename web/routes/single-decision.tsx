import { lazy, Suspense, useState } from 'react';
import { BarChart3, ClipboardCheck, Pencil, Trash2, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { DecisionDetails } from '../../shared/api/decisions.ts';
import { noResultMessageOf } from '../../shared/no-result.ts';
import { Button, ButtonLink } from '../components/ui/Button.tsx';
import { Card } from '../components/ui/Card.tsx';
import { useLocale } from '../lib/format.ts';
import { AddToCalendarButton } from '../features/calendar/AddToCalendarButton.tsx';
import { AnalysisSection } from '../features/analysis/AnalysisSection.tsx';
import { CommentsSection } from '../features/comments/CommentsSection.tsx';
import { DecisionTitle } from '../features/decisions/DecisionTitle.tsx';
import { DecisionPageFallback } from '../features/decisions/DecisionPageFallback.tsx';
import { DecisionMatrix } from '../features/decisions/DecisionMatrix.tsx';
import { MeasuredCriteriaNote } from '../features/decisions/MeasuredCriteriaNote.tsx';
import { editCellPath, firstEmptyCellOf } from '../features/decisions/empty-cells.ts';
import { PERSONAL_SCALE } from '../features/decisions/decision-form-model.ts';
import { DeleteDecisionDialog } from '../features/decisions/DeleteDecisionDialog.tsx';
import { OutcomeSection } from '../features/outcome/OutcomeSection.tsx';
import { AiReasonLegend } from '../features/ai/AiReasonLegend.tsx';
import { HistorySection } from '../features/history/HistorySection.tsx';
import { SnapshotsSection } from '../features/history/SnapshotsSection.tsx';
import { useDecisionPage } from '../features/decisions/useDecisionPage.ts';

// The chart is code-split: it loads only when a decision with totals is shown.
const TotalsChart = lazy(() => import('../features/decisions/TotalsChart.tsx'));
const ExportButtons = lazy(() => import('../features/export/ExportButtons.tsx'));

export default function SingleDecisionPage() {
  const { t } = useTranslation();
  const { decisionId, details, loadError } = useDecisionPage();

  if (loadError || !details.data) {
    return <DecisionPageFallback title={t('pages.singleDecision')} loadError={loadError} kind="single" />;
  }
  if (details.data.decision.type === 'team') return <Navigate to={`/team-decision/${decisionId}`} replace />;
  return <DecisionDetailsView details={details.data} />;
}

function DecisionDetailsView({ details }: { details: DecisionDetails }) {
  const { t, format } = useLocale();
  const navigate = useNavigate();
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const { decision, abilities, options, criteria, results } = details;
  const hasMatrix = options.length > 0 && criteria.length > 0;
  // Issue 25: a best option only once the result is complete (no empty cell, some importance).
  const hasResult = results.no_result_reason === null;
  const topOptions = hasResult
    ? options.filter((option) =>
        results.ranking.some((entry) => entry.option_id === option.id && entry.is_top),
      )
    : [];
  // A knocked-out option may have the highest total; the best one is the first that leads.
  const topTotal = results.ranking.find((entry) => entry.is_top)?.total ?? 0;
  const optionNames = new Map(options.map((option) => [option.id, option.name]));
  // Issue 30: only the owner restores a version or keeps a snapshot.
  const isOwner = details.userRole === 'owner';

  return (
    <div className="flex flex-col gap-6">
      <DecisionTitle
        decision={decision}
        workspace={details.workspace}
        showVisibility
        actions={
          <>
            <Suspense fallback={null}>
              <ExportButtons decisionId={decision.id} />
            </Suspense>
            {decision.timer ? <AddToCalendarButton decisionId={decision.id} /> : null}
            {abilities.canEdit ? (
              <ButtonLink to={`/decision/${decision.id}/edit`} variant="secondary">
                <Pencil aria-hidden size={16} />
                {t('decision.edit')}
              </ButtonLink>
            ) : null}
            {abilities.canVote ? (
              <ButtonLink to={`/decision/${decision.id}/evaluate`} variant="ghost">
                <ClipboardCheck aria-hidden size={16} />
                {t('details.quickEvaluate')}
              </ButtonLink>
            ) : null}
            {abilities.canDelete ? (
              <Button variant="danger" onClick={() => setIsDeleteOpen(true)}>
                <Trash2 aria-hidden size={16} />
                {t('decision.delete')}
              </Button>
            ) : null}
          </>
        }
      >
        <p className="-mt-4 text-sm text-slate-600 dark:text-slate-400">
          {t('decision.createdAt', { date: format.dateTime(decision.created_at) })} ·{' '}
          {t('decision.updatedAt', { date: format.dateTime(decision.updated_at) })}
        </p>
      </DecisionTitle>

      {topOptions.length ? (
        <Card tone="emerald" className="flex items-center gap-4">
          <Trophy aria-hidden size={32} className="shrink-0 text-amber-600 dark:text-amber-400" />
          <p className="text-emerald-900 dark:text-emerald-100">
            {t('details.bestOption', {
              count: topOptions.length,
              names: topOptions.map((option) => option.name).join(', '),
              total: format.number(topTotal, 1),
            })}
          </p>
        </Card>
      ) : null}

      {hasMatrix && !hasResult ? <NoResultNotice details={details} canEdit={abilities.canEdit} /> : null}

      <OutcomeSection details={details} canDecide={abilities.canDecide} />
      {/* The verdict's confidence and what would change it lead; the matrix follows (issue 25). */}
      <AnalysisSection details={details} />

      <Card>
        <section aria-labelledby="results-heading" className="flex flex-col gap-4">
          <h2 id="results-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            {t('details.results')}
          </h2>
          {hasMatrix ? (
            <>
              <DecisionMatrix details={details} />
              <MeasuredCriteriaNote details={details} />
              {details.evaluations.some((evaluation) => Boolean(evaluation.explanation)) ? (
                <AiReasonLegend />
              ) : null}
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {t('details.formula', PERSONAL_SCALE)}
              </p>
            </>
          ) : (
            <p className="text-slate-700 dark:text-slate-300">{t('details.emptyMatrix')}</p>
          )}
        </section>
      </Card>

      {hasMatrix ? (
        <Card>
          <section aria-labelledby="chart-heading" className="flex flex-col gap-4">
            <h2
              id="chart-heading"
              className="flex items-center gap-2 text-xl font-semibold text-slate-900 dark:text-white"
            >
              <BarChart3 aria-hidden size={20} />
              {t('chart.title')}
            </h2>
            <Suspense fallback={<div className="min-h-24" aria-hidden />}>
              <TotalsChart
                bars={results.ranking.map((entry) => ({
                  id: entry.option_id,
                  label: optionNames.get(entry.option_id) ?? '',
                  value: entry.total,
                  rank: entry.rank,
                  isTop: hasResult && entry.is_top,
                  isKnockedOut: entry.knocked_out,
                }))}
                // Totals stay on the 1–10 scale whatever the importances add up to.
                maxValue={PERSONAL_SCALE.max}
              />
            </Suspense>
          </section>
        </Card>
      ) : null}

      <SnapshotsSection decisionId={decision.id} canSave={isOwner} />
      <HistorySection decisionId={decision.id} hasVersions canRestore={isOwner} />

      <CommentsSection decisionId={decision.id} canComment={abilities.canComment} />

      <DeleteDecisionDialog
        decisionId={isDeleteOpen ? decision.id : null}
        decisionName={decision.name}
        onClose={() => setIsDeleteOpen(false)}
        onDeleted={() => navigate('/dashboard')}
      />
    </div>
  );
}

/**
 * Why there is no best option yet: "3 cells still empty" with a link to the first one (the totals are
 * provisional until then), or another reason (every importance 0, every option knocked out).
 */
function NoResultNotice({ details, canEdit }: { details: DecisionDetails; canEdit: boolean }) {
  const { t } = useTranslation();
  const emptyCell = details.results.no_result_reason === 'missing_cells' ? firstEmptyCellOf(details) : null;
  const message = noResultMessageOf(details);
  return (
    <Card tone="amber" className="flex flex-col items-start gap-3" data-testid="no-result">
      {emptyCell ? (
        <>
          <p className="font-semibold">{t('details.cellsEmpty', { count: details.results.missing_cells })}</p>
          <p className="text-sm">{t('details.incompleteLead')}</p>
          {canEdit ? (
            <ButtonLink to={editCellPath(details.decision.id, emptyCell)} variant="secondary">
              <Pencil aria-hidden size={16} />
              {t('details.fillFirstEmpty')}
            </ButtonLink>
          ) : null}
        </>
      ) : message ? (
        <p className="font-semibold">{t(message.key, { count: message.count })}</p>
      ) : null}
    </Card>
  );
}
