import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { LoaderCircle, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { importanceOf, scoreKey, type DecisionFormValues } from '../decisions/decision-form-model.ts';
import { requestRecommendation, useAiStatusQuery } from './ai-api.ts';
import { AiSetupNotice } from './AiSetupNotice.tsx';

type Phase = { kind: 'idle' } | { kind: 'running' } | { kind: 'failed'; reason: string };

interface AiEvaluationPanelProps {
  /** The AI already filled the grid (this session, or stored reasons): the button is gone. */
  hasRun: boolean;
  onCompleted: (missingCount: number) => void;
  missingCount: number;
}

/**
 * New/edit decision in AI mode: "Start GPT Evaluation" sends title, description, options and
 * criteria once; the answer fills the editable grid with a score and a reason per cell.
 */
export function AiEvaluationPanel({ hasRun, onCompleted, missingCount }: AiEvaluationPanelProps) {
  const { t } = useTranslation();
  const status = useAiStatusQuery();
  const { getValues, setValue, trigger, setFocus } = useFormContext<DecisionFormValues>();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  // If the status cannot be read, trying is allowed: the server's answer then says what is wrong.
  const isAvailable = status.isError || status.data?.available === true;

  async function start() {
    if (!(await trigger(['name', 'options', 'criteria']))) {
      notify('error', t('decisionForm.fillOutAllFields'));
      return;
    }
    const values = getValues();
    if (!values.description.trim()) {
      setPhase({ kind: 'failed', reason: t('ai.needsDescription') });
      notify('error', t('ai.needsDescription'));
      setFocus('description');
      return;
    }
    setPhase({ kind: 'running' });
    try {
      const result = await requestRecommendation({
        decisionName: values.name.trim(),
        description: values.description.trim(),
        options: values.options.map((option) => option.name.trim()),
        criteria: values.criteria.map((criterion) => ({
          name: criterion.name.trim(),
          importance: importanceOf(criterion.importance),
        })),
      });
      for (const recommendation of result.recommendations) {
        const option = values.options[recommendation.option_index];
        for (const cell of recommendation.bewertungen) {
          const criterion = values.criteria[cell.criterion_index];
          if (!option || !criterion) continue;
          const key = scoreKey(option.rowKey, criterion.rowKey);
          setValue(`scores.${key}`, String(cell.value), { shouldDirty: true });
          setValue(`explanations.${key}`, cell.explanation || null, { shouldDirty: true });
        }
      }
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
      {status.data && !isAvailable ? <AiSetupNotice id="ai-setup" /> : null}
      {hasRun ? (
        <div role="status" className="flex flex-col gap-1 text-sm text-emerald-900 dark:text-emerald-200">
          <p>{t('ai.done')}</p>
          {missingCount > 0 ? <p>{t('ai.missing', { count: missingCount })}</p> : null}
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            onClick={() => void start()}
            disabled={!isAvailable || phase.kind === 'running'}
            aria-describedby={isAvailable ? 'ai-mode-note' : 'ai-setup'}
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
            {t('ai.progress', {
              options: getValues('options').length,
              criteria: getValues('criteria').length,
            })}
          </p>
        ) : null}
        {phase.kind === 'failed' ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {t('ai.failed')} {phase.reason}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
