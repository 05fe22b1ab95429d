import { useId } from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { earliestDeadline, toDateTimeLocal } from './deadline.ts';

interface DeadlineFieldProps {
  id?: string;
  /** The datetime-local value ("2027-05-10T14:30") or "" for no deadline. */
  value: string;
  onChange: (value: string) => void;
  now: number;
  error?: string | undefined;
  isDisabled?: boolean;
}

/** Date and time of the deadline: at least 5 minutes ahead, clearable (SPEC.md section 5). */
export function DeadlineField({
  id: givenId,
  value,
  onChange,
  now,
  error,
  isDisabled = false,
}: DeadlineFieldProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('team.deadline')}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          type="datetime-local"
          value={value}
          min={toDateTimeLocal(earliestDeadline(now))}
          disabled={isDisabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputClasses} h-10 max-w-64 min-w-0 flex-1 disabled:opacity-60`}
        />
        <Button
          variant="ghost"
          size="sm"
          disabled={isDisabled || !value}
          onClick={() => onChange('')}
          aria-label={t('team.clearDeadline')}
        >
          <X aria-hidden size={14} />
          {t('team.clear')}
        </Button>
      </div>
      <p
        id={`${id}-message`}
        className={`min-h-5 text-sm ${error ? 'text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`}
      >
        {error ?? t('team.deadlineHint')}
      </p>
    </div>
  );
}
