import { useState } from 'react';
import { LoaderCircle, Sparkles, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { AiValueNote } from '../ai/AiValueNote.tsx';
import { useIsAiUnavailable } from '../ai/ai-api.ts';
import {
  compareAiOpinion,
  isOwnVoteComplete,
  type AiOpinionCell,
  type AiVerdict,
} from './ai-opinion-model.ts';
import { useAskAiOpinion } from './team-api.ts';

const DIFFERENCE = LIMITS.ai.opinionDifference;

/**
 * The team view's "second opinion" (issue 18, manual mode): what the AI's values would decide with the
 * team's weights, how many cells it sees differently, and for owner and admin the button that asks it.
 * The AI's values themselves stand in the matrix, under each team value (AiOpinionCellNote).
 */
export function TeamAiOpinion({ details }: { details: DecisionDetails }) {
  const { t, format } = useLocale();
  const isAiUnavailable = useIsAiUnavailable();
  const ask = useAskAiOpinion(details.decision.id);
  const [failure, setFailure] = useState<string | null>(null);
  const comparison = compareAiOpinion(details);
  const [hasAsked, setHasAsked] = useState(false);
  const canAsk = details.abilities.canAskAiOpinion && !isAiUnavailable;
  // The server holds an opinion back until the caller's own vote is complete; only whoever just asked
  // knows one exists, so only they are told it appears after their vote.
  const isWaitingForOwnVote =
    !comparison && hasAsked && details.abilities.canVote && !isOwnVoteComplete(details);
  if (details.decision.mode !== 'manual' || (!comparison && !canAsk)) return null;
  // Until the AI was asked, the panel is one button (issue 25: no AI panel before anyone asked).
  const isCompact = !comparison && !isWaitingForOwnVote;

  async function askAi() {
    setFailure(null);
    try {
      notify('success', (await ask.mutateAsync()).message);
      setHasAsked(true);
    } catch (error) {
      const reason =
        serverMessageOf(error) ?? (error instanceof Error ? error.message : t('common.unexpectedError'));
      setFailure(reason);
      notify('error', t('aiOpinion.failed', { reason }));
    }
  }

  return (
    <section
      aria-labelledby="ai-opinion-heading"
      className={
        isCompact
          ? 'flex flex-col gap-2 text-sm text-slate-700 dark:text-slate-300'
          : 'flex flex-col gap-3 rounded-xl border border-violet-200 bg-violet-50 p-4 text-sm text-slate-800 dark:border-violet-900 dark:bg-violet-950/40 dark:text-slate-200'
      }
    >
      <h3
        id="ai-opinion-heading"
        className={
          isCompact
            ? 'sr-only'
            : 'flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white'
        }
      >
        <Sparkles aria-hidden size={18} className="text-violet-700 dark:text-violet-300" />
        {t('aiOpinion.title')}
      </h3>
      <p
        id="ai-opinion-note"
        className={isCompact ? 'text-xs text-slate-600 dark:text-slate-400' : undefined}
      >
        {t('aiOpinion.note')}
      </p>
      {comparison ? (
        <>
          {comparison.verdict ? (
            <p data-testid="ai-verdict" className="text-base font-medium text-slate-900 dark:text-white">
              <VerdictSentence verdict={comparison.verdict} details={details} />
            </p>
          ) : null}
          <p>
            {comparison.differingCount
              ? t('aiOpinion.differingCells', { count: comparison.differingCount, difference: DIFFERENCE })
              : t('aiOpinion.noDifferingCells', { difference: DIFFERENCE })}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {t('aiOpinion.askedAt', { moment: format.dateTime(comparison.createdAt) })}
          </p>
        </>
      ) : isWaitingForOwnVote ? (
        <p className="font-medium">{t('aiOpinion.afterYourVote')}</p>
      ) : null}
      {canAsk ? (
        <div className="flex flex-col items-start gap-2">
          <Button
            variant="secondary"
            disabled={ask.isPending}
            aria-describedby="ai-opinion-note"
            onClick={() => void askAi()}
          >
            {ask.isPending ? (
              <LoaderCircle aria-hidden size={16} className="animate-spin" />
            ) : (
              <Sparkles aria-hidden size={16} />
            )}
            {ask.isPending ? t('aiOpinion.asking') : t('aiOpinion.ask')}
          </Button>
          {isCompact ? null : (
            <p className="text-xs text-slate-600 dark:text-slate-400">{t('aiOpinion.replaces')}</p>
          )}
          <p aria-live="polite" className="text-slate-700 empty:hidden dark:text-slate-300">
            {ask.isPending
              ? t('ai.progress', { options: details.options.length, criteria: details.criteria.length })
              : null}
          </p>
          {failure ? (
            <p role="alert" className="text-red-700 dark:text-red-400">
              {t('aiOpinion.failed', { reason: failure })}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function VerdictSentence({ verdict, details }: { verdict: AiVerdict; details: DecisionDetails }) {
  const { t } = useTranslation();
  if (verdict.kind === 'agrees') return t('aiOpinion.agrees');
  const names = new Map(details.options.map((option) => [option.id, option.name]));
  return t('aiOpinion.wouldLead', {
    count: verdict.optionIds.length,
    options: verdict.optionIds.map((optionId) => names.get(optionId) ?? '').join(', '),
  });
}

/**
 * The AI's value under a team value: "AI: 7" with its reason; where it is DIFFERENCE or more away from
 * the team value, tinted and marked with a warning icon that says so.
 */
export function AiOpinionCellNote({ id, cell }: { id: string; cell: AiOpinionCell }) {
  const { t } = useTranslation();
  const differs = t('aiOpinion.differs', { difference: DIFFERENCE });
  return (
    <span className="mt-1 flex justify-center">
      <span
        data-ai-differs={cell.isDifferent || undefined}
        className={`inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 ${
          cell.isDifferent
            ? 'bg-amber-100 ring-1 ring-amber-500 dark:bg-amber-950/70 dark:ring-amber-600'
            : ''
        }`}
      >
        {cell.isDifferent ? (
          <TriangleAlert
            role="img"
            aria-label={differs}
            size={14}
            className="shrink-0 text-amber-700 dark:text-amber-300"
          >
            <title>{differs}</title>
          </TriangleAlert>
        ) : null}
        <AiValueNote id={id} value={cell.value} reason={cell.explanation} />
      </span>
    </span>
  );
}
