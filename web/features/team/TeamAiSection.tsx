import { CircleCheck, LoaderCircle, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useIsAiUnavailable } from '../ai/ai-api.ts';
import { AiUnavailableNotice } from '../ai/AiUnavailableNotice.tsx';
import type { TeamAiPhase } from './team-setup-model.ts';

interface TeamAiSectionProps {
  phase: TeamAiPhase;
  isDisabled: boolean;
  onStart: () => void;
}

/**
 * Owner and admin, in AI mode: "Start AI evaluation" → "AI evaluation running…" → "KI-Auswertung
 * erfolgreich". Without an AI model on the server the button stays disabled with one plain sentence.
 */
export function TeamAiSection({ phase, isDisabled, onStart }: TeamAiSectionProps) {
  const { t } = useTranslation();
  const isAiUnavailable = useIsAiUnavailable();
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Sparkles aria-hidden size={16} className="mt-0.5 shrink-0 text-violet-600 dark:text-violet-300" />
          <span id="ai-note">{t('teamEdit.aiNote')}</span>
        </p>
        <Button
          variant="secondary"
          disabled={isAiUnavailable || isDisabled || phase.kind === 'running' || phase.kind === 'succeeded'}
          aria-describedby={isAiUnavailable ? 'ai-unavailable' : 'ai-note'}
          onClick={onStart}
          className="shrink-0"
        >
          {phase.kind === 'running' ? (
            <LoaderCircle aria-hidden size={16} className="animate-spin" />
          ) : (
            <Sparkles aria-hidden size={16} />
          )}
          {phase.kind === 'running' ? t('teamEdit.aiRunning') : t('teamEdit.startAi')}
        </Button>
      </div>
      {isAiUnavailable ? <AiUnavailableNotice id="ai-unavailable" /> : null}
      <div aria-live="polite" className="text-sm">
        {phase.kind === 'succeeded' ? (
          <p className="flex items-center gap-2 font-medium text-emerald-800 dark:text-emerald-300">
            <CircleCheck aria-hidden size={16} />
            {t('teamEdit.aiSucceeded')}
          </p>
        ) : null}
        {phase.kind === 'failed' ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {t('teamEdit.aiFailed')}: {phase.reason}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
