import { useId, useRef, useState } from 'react';
import { LoaderCircle, Plus, Sparkles, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AiSuggestionsRequest } from '../../../shared/api/ai.ts';
import { Button } from '../../components/ui/Button.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useIsAiUnavailable } from '../ai/ai-api.ts';
import { useAiSuggestions } from './ai-suggestions-api.ts';
import {
  openSuggestions,
  suggestionsOfKind,
  type RowSuggestion,
  type SuggestableRow,
} from './suggestions-model.ts';

type Phase =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'needsTitle' }
  | { kind: 'failed'; reason: string }
  | { kind: 'shown'; suggestions: RowSuggestion[] };

interface AiSuggestionsProps {
  kind: 'options' | 'criteria';
  /** The list as it is now: what it already has is not offered. */
  rows: readonly SuggestableRow[];
  /** The request from the whole form; null while it has no title. */
  requestOf: () => AiSuggestionsRequest | null;
  /** Takes the user to the title field. */
  onTitleMissing: () => void;
  /** False while the list is full. */
  canAdd: boolean;
  /** Criteria of a form with importances: each suggestion says the importance it comes with. */
  showsImportance: boolean;
  onAdd: (suggestion: RowSuggestion) => void;
}

/**
 * "Suggest options" / "Suggest criteria" under a list: one call with the form as it is, then the AI's
 * ideas with a reason each, added with one click. Offered only while the server has an AI model.
 */
export function AiSuggestions({
  kind,
  rows,
  requestOf,
  onTitleMissing,
  canAdd,
  showsImportance,
  onAdd,
}: AiSuggestionsProps) {
  const { t } = useTranslation();
  const isAiUnavailable = useIsAiUnavailable();
  const suggest = useAiSuggestions();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [addedName, setAddedName] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const suggestButtonRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  if (isAiUnavailable) return null;

  async function ask() {
    setAddedName(null);
    const request = requestOf();
    if (!request) {
      setPhase({ kind: 'needsTitle' });
      onTitleMissing();
      return;
    }
    setPhase({ kind: 'running' });
    try {
      setPhase({ kind: 'shown', suggestions: suggestionsOfKind(await suggest.mutateAsync(request), kind) });
    } catch (error) {
      const reason =
        serverMessageOf(error) ?? (error instanceof Error ? error.message : t('common.unexpectedError'));
      setPhase({ kind: 'failed', reason });
    }
  }

  function add(suggestion: RowSuggestion) {
    onAdd(suggestion);
    setAddedName(suggestion.name);
    // The clicked button leaves the list: keep the keyboard where the suggestions are.
    headingRef.current?.focus();
  }

  const open = phase.kind === 'shown' ? openSuggestions(phase.suggestions, rows) : [];
  return (
    <div className="flex flex-col gap-3">
      <Button
        ref={suggestButtonRef}
        variant="ghost"
        className="self-start text-violet-800 dark:text-violet-200"
        disabled={phase.kind === 'running'}
        onClick={() => void ask()}
      >
        {phase.kind === 'running' ? (
          <LoaderCircle aria-hidden size={16} className="animate-spin" />
        ) : (
          <Sparkles aria-hidden size={16} />
        )}
        {t(`aiSuggestions.suggest_${kind}`)}
      </Button>
      <div aria-live="polite" className="text-sm empty:hidden">
        {phase.kind === 'running' ? (
          <p className="text-slate-700 dark:text-slate-300">{t('aiSuggestions.running')}</p>
        ) : null}
        {phase.kind === 'needsTitle' ? (
          <p className="text-amber-800 dark:text-amber-200">{t('aiSuggestions.needsTitle')}</p>
        ) : null}
        {addedName ? (
          <p className="text-emerald-800 dark:text-emerald-300">
            {t('aiSuggestions.added', { name: addedName })}
          </p>
        ) : null}
      </div>
      {phase.kind === 'failed' ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('aiSuggestions.failed', { reason: phase.reason })}
        </p>
      ) : null}
      {phase.kind === 'shown' ? (
        <section
          aria-labelledby={headingId}
          className="flex flex-col gap-3 rounded-xl border border-violet-200 bg-violet-50 p-4 dark:border-violet-900 dark:bg-violet-950/40"
        >
          <header className="flex items-start justify-between gap-2">
            <div>
              <h3
                id={headingId}
                ref={headingRef}
                tabIndex={-1}
                className="flex items-center gap-2 font-semibold text-slate-900 focus:outline-none dark:text-white"
              >
                <Sparkles aria-hidden size={16} className="text-violet-700 dark:text-violet-300" />
                {t(`aiSuggestions.heading_${kind}`)}
              </h3>
              <p className="text-sm text-slate-700 dark:text-slate-300">{t('aiSuggestions.hint')}</p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('aiSuggestions.hide')}
              onClick={() => {
                setPhase({ kind: 'idle' });
                setAddedName(null);
                suggestButtonRef.current?.focus();
              }}
            >
              <X aria-hidden size={18} />
            </Button>
          </header>
          {open.length ? (
            <ul className="flex flex-col gap-2">
              {open.map((suggestion) => (
                <SuggestionItem
                  key={suggestion.name}
                  suggestion={suggestion}
                  showsImportance={showsImportance}
                  canAdd={canAdd}
                  onAdd={() => add(suggestion)}
                />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {phase.suggestions.length ? t('aiSuggestions.noneLeft') : t('aiSuggestions.nothingNew')}
            </p>
          )}
          {open.length && !canAdd ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">{t(`aiSuggestions.full_${kind}`)}</p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function SuggestionItem({
  suggestion,
  showsImportance,
  canAdd,
  onAdd,
}: {
  suggestion: RowSuggestion;
  showsImportance: boolean;
  canAdd: boolean;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex items-start justify-between gap-3 rounded-lg bg-white p-3 dark:bg-slate-900">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900 dark:text-white">{suggestion.name}</p>
        <p className="text-sm text-slate-700 dark:text-slate-300">{suggestion.reason}</p>
        {!showsImportance || suggestion.importance === undefined ? null : (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {t('aiSuggestions.importance', { importance: suggestion.importance })}
          </p>
        )}
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="shrink-0"
        disabled={!canAdd}
        aria-label={t('aiSuggestions.addNamed', { name: suggestion.name })}
        onClick={onAdd}
      >
        <Plus aria-hidden size={14} />
        {t('aiSuggestions.add')}
      </Button>
    </li>
  );
}
