import { useState } from 'react';
import { Save } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { ApiError, serverMessageOf } from '../../lib/api-client.ts';
import { translateFieldError } from '../../lib/form-errors.ts';
import { dateTimeLocalToIso, isDeadlineTooSoon, toDateTimeLocal } from './deadline.ts';
import { DeadlineField } from './DeadlineField.tsx';
import { useChangeTeamMode, useSetDeadline } from './team-api.ts';
import { NOTICE_MS, toastFor } from './team-toast.ts';

interface TeamSettingsCardProps {
  details: DecisionDetails;
  now: number;
  isLocked: boolean;
}

/** Owner and admin: the mode and the deadline take effect at once, each with its own notice. */
export function TeamSettingsCard({ details, now, isLocked }: TeamSettingsCardProps) {
  const { t } = useTranslation();
  const { decision } = details;
  // null: show the stored deadline; a string: what the user picked but has not saved yet.
  const [deadlineDraft, setDeadlineDraft] = useState<string | null>(null);
  const [deadlineError, setDeadlineError] = useState<string | undefined>();
  const storedDeadline = decision.timer ? toDateTimeLocal(decision.timer) : '';
  const deadlineValue = deadlineDraft ?? storedDeadline;
  const modeChange = useChangeTeamMode(decision);
  const deadlineChange = useSetDeadline(decision.id);

  function changeMode(mode: 'manual' | 'ai') {
    modeChange.mutate(mode, {
      onSuccess: () => toastFor('success', t('teamEdit.modeChanged'), NOTICE_MS.short),
      onError: (error) =>
        toastFor('error', t('teamEdit.modeFailed'), NOTICE_MS.short, serverMessageOf(error) ?? undefined),
    });
  }

  function saveDeadline() {
    const timer = dateTimeLocalToIso(deadlineValue);
    if (deadlineValue && !timer) return setDeadlineError(t('team.deadlineInvalid'));
    if (timer && isDeadlineTooSoon(timer, Date.now())) return setDeadlineError(t('team.deadlineTooSoon'));
    setDeadlineError(undefined);
    deadlineChange.mutate(timer, {
      onSuccess: () => {
        setDeadlineDraft(null);
        toastFor('success', t('teamEdit.deadlineSaved'), NOTICE_MS.long);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields.timer)
          setDeadlineError(translateFieldError(t, error.fields.timer));
        toastFor('error', t('teamEdit.deadlineFailed'), NOTICE_MS.long, serverMessageOf(error) ?? undefined);
      },
    });
  }

  return (
    <Card>
      <section aria-labelledby="settings-heading" className="flex flex-col gap-2">
        <h2 id="settings-heading" className="mb-2 text-lg font-semibold text-slate-900 dark:text-white">
          {t('teamEdit.settings')}
        </h2>
        <div className="grid gap-x-6 gap-y-2 md:grid-cols-2 [&>*]:min-w-0">
          <SelectField
            label={t('team.mode')}
            value={decision.mode}
            hint={t('team.modeHint')}
            disabled={isLocked || modeChange.isPending}
            onChange={(event) => changeMode(event.target.value === 'ai' ? 'ai' : 'manual')}
          >
            <option value="manual">{t('team.modeManual')}</option>
            <option value="ai">{t('team.modeAi')}</option>
          </SelectField>
          <div className="flex flex-col gap-1">
            <DeadlineField
              id="edit-deadline"
              value={deadlineValue}
              now={now}
              error={deadlineError}
              isDisabled={isLocked || deadlineChange.isPending}
              onChange={(value) => {
                setDeadlineError(undefined);
                setDeadlineDraft(value);
              }}
            />
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              disabled={isLocked || deadlineChange.isPending || deadlineValue === storedDeadline}
              onClick={saveDeadline}
            >
              <Save aria-hidden size={14} />
              {deadlineValue ? t('teamEdit.saveDeadline') : t('teamEdit.removeDeadline')}
            </Button>
          </div>
        </div>
      </section>
    </Card>
  );
}
