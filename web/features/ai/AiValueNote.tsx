import { useTranslation } from 'react-i18next';
import { Tooltip, tooltipTriggerClasses } from '../../components/ui/Tooltip.tsx';

interface AiValueNoteProps {
  /** The note's id; with a reason, the reason's tooltip id is derived from it. */
  id: string;
  value: number;
  /** The AI's reason, shown on hover or focus; without one the note is plain text. */
  reason?: string | null;
}

const noteClasses = 'text-xs font-medium whitespace-nowrap text-violet-800 dark:text-violet-200';

/**
 * "AI: 7" beside a value that is not the AI's (a personal value the owner changed, a team value):
 * what the AI said, with its reason. The value beside it is the one that counts.
 */
export function AiValueNote({ id, value, reason }: AiValueNoteProps) {
  const { t } = useTranslation();
  const label = t('aiOpinion.aiValue', { value });
  if (!reason) {
    return (
      <span id={id} className={`block ${noteClasses}`}>
        {label}
      </span>
    );
  }
  const reasonId = `${id}-reason`;
  return (
    <Tooltip id={reasonId} text={reason}>
      {/* A button so keyboard users can focus it and read the reason. */}
      <button
        id={id}
        type="button"
        aria-describedby={reasonId}
        className={`${noteClasses} ${tooltipTriggerClasses}`}
      >
        {label}
      </button>
    </Tooltip>
  );
}
