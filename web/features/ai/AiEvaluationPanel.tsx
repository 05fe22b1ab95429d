import { useState } from 'react';
import { LoaderCircle, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import {
  requestRecommendation,
  useAiStatusQuery,
  useIsAiUnavailable,
  type AiRequestPreparation,
} from './ai-api.ts';
import { AiUnavailableNotice } from './AiUnavailableNotice.tsx';

type Phase = { kind: 'idle' } | { kind: 'running' } | { kind: 'failed'; reason: string };

interface AiEvaluationPanelProps {
  /** The AI already filled the grid (this session, or stored reasons): the button is gone. */
  hasRun: boolean;
  missingCount: number;
  /** Sizes of the matrix, for the progress line. */
  optionCount: number;
  criterionCount: number;
  prepareRequest: () => Promise<AiRequestPreparation>;
  /** How many hand-made scores the answer would replace: more than 0 asks first. */
  countReplacedScores?: () => number;
  /** After the grid was filled; `missingCount` cells the AI left out. */
  onCompleted: (missingCount: number) => void;
}

/**
 * New/edit decision in AI mode: "Start AI Evaluation" sends title, description, options and
 * criteria once; the answer fills the editable grid with a score and a reason per cell.
 */
export function AiEvaluationPanel({
  hasRun,
  missingCount,
  optionCount,
  criterionCount,
  prepareRequest,
  countReplacedScores,
  onCompleted,
}: AiEvaluationPanelProps) {
  const { t } = useTranslation();
  const status = useAiStatusQuery();
  const isAiUnavailable = useIsAiUnavailable();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  // Hand-made scores the AI would replace, while the question about them is open (0: closed).
  const [replacedCount, setReplacedCount] = useState(0);

  function requestStart() {
    const count = countReplacedScores?.() ?? 0;
    if (count > 0) setReplacedCount(count);
    else void start();
  }

  async function start() {
    const preparation = await prepareRequest();
    if (preparation.kind === 'invalid') return;
    if (preparation.kind === 'blocked') {
      setPhase({ kind: 'failed', reason: preparation.reason });
      notify('error', preparation.reason);
      return;
    }
    setPhase({ kind: 'running' });
    try {
      const result = await requestRecommendation(preparation.request);
      preparation.fill(result);
      setPhase({ kind: 'idle' });
      onCompleted(result.missing.length);
    } catch (error) {
      const reason =
        serverMessageOf(error) ?? (error instanceof Error ? error.message : t('common.unexpectedError'));
      setPhase({ kind: 'failed', reason });
      notify('error', `${t('ai.failed')} ${reason}`);
    }
  }

  return (
    <Card tone="indigo" className="flex flex-col gap-3">
      <p className="flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
        <Sparkles aria-hidden size={18} className="mt-0.5 shrink-0 text-violet-600 dark:text-violet-300" />
        <span id="ai-mode-note">{t('decisionForm.aiNote')}</span>
      </p>
      {isAiUnavailable ? <AiUnavailableNotice id="ai-unavailable" /> : null}
      {hasRun ? (
        <div role="status" className="flex flex-col gap-1 text-sm text-emerald-900 dark:text-emerald-200">
          <p>{t('ai.done')}</p>
          {missingCount > 0 ? <p>{t('ai.missing', { count: missingCount })}</p> : null}
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            onClick={requestStart}
            disabled={isAiUnavailable || phase.kind === 'running'}
            aria-describedby={isAiUnavailable ? 'ai-unavailable' : 'ai-mode-note'}
          >
            {phase.kind === 'running' ? (
              <LoaderCircle aria-hidden size={16} className="animate-spin" />
            ) : (
              <Sparkles aria-hidden size={16} />
            )}
            {phase.kind === 'running' ? t('ai.running') : t('ai.start')}
          </Button>
          {status.data?.model ? (
            <span className="text-xs text-slate-600 dark:text-slate-400">
              {t('ai.model', { model: status.data.model })}
            </span>
          ) : null}
          {status.isPending ? (
            <span className="text-sm text-slate-600 dark:text-slate-400">{t('ai.checking')}</span>
          ) : null}
        </div>
      )}
      <div aria-live="polite" className="text-sm">
        {phase.kind === 'running' ? (
          <p className="text-slate-700 dark:text-slate-300">
            {t('ai.progress', { options: optionCount, criteria: criterionCount })}
          </p>
        ) : null}
        {phase.kind === 'failed' ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {t('ai.failed')} {phase.reason}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={replacedCount > 0}
        title={t('ai.replaceTitle')}
        message={t('ai.replaceMessage', { count: replacedCount })}
        confirmLabel={t('ai.replaceConfirm')}
        onConfirm={() => {
          setReplacedCount(0);
          void start();
        }}
        onCancel={() => setReplacedCount(0)}
      />
    </Card>
  );
}
