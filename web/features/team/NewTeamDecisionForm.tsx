import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { TextAreaField, TextField } from '../../components/ui/TextField.tsx';
import { ApiError, serverMessageOf } from '../../lib/api-client.ts';
import { translateFieldError } from '../../lib/form-errors.ts';
import { useNow } from '../../lib/use-now.ts';
import { decisionKeys } from '../decisions/decisions-api.ts';
import { dateTimeLocalToIso, isDeadlineTooSoon } from './deadline.ts';
import { DeadlineField } from './DeadlineField.tsx';
import { duplicateRowIndexes, newRow, savableRows, type NameRow } from './name-rows.ts';
import { NameRowsEditor } from './NameRowsEditor.tsx';
import { createTeamDecision } from './team-api.ts';

type FieldErrors = Partial<Record<'name' | 'timer', string>>;

/** /new-team-decision: title (required), deadline, mode, description and optional options and criteria. */
export function NewTeamDecisionForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const now = useNow(30_000);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [mode, setMode] = useState<'manual' | 'ai'>('manual');
  const [deadline, setDeadline] = useState('');
  const [options, setOptions] = useState<NameRow[]>(() => [newRow(), newRow()]);
  const [criteria, setCriteria] = useState<NameRow[]>(() => [newRow()]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const hasDuplicates = duplicateRowIndexes(options).size > 0 || duplicateRowIndexes(criteria).size > 0;

  function validate(): FieldErrors {
    const found: FieldErrors = {};
    if (!name.trim()) found.name = t('team.titleRequired');
    const timer = dateTimeLocalToIso(deadline);
    if (deadline && !timer) found.timer = t('team.deadlineInvalid');
    else if (timer && isDeadlineTooSoon(timer, Date.now())) found.timer = t('team.deadlineTooSoon');
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isSubmitting || hasDuplicates) return;
    const found = validate();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) {
      document.getElementById(found.name ? 'team-title' : 'team-deadline')?.focus();
      return;
    }
    setIsSubmitting(true);
    try {
      const decision = await createTeamDecision({
        name: name.trim(),
        description,
        mode,
        timer: dateTimeLocalToIso(deadline),
        type: 'team',
        options: savableRows(options).map((row) => ({ name: row.name })),
        // Blank rows are dropped; with all criteria blank an empty list is sent (SPEC.md section 5).
        criteria: savableRows(criteria).map((row) => ({ name: row.name })),
      });
      if (!decision || typeof decision.id !== 'number') {
        setFailure(t('team.noDecisionId'));
        return;
      }
      await queryClient.invalidateQueries({ queryKey: decisionKeys.list() });
      await navigate(`/team-invite/${decision.id}`);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors({
          name: translateFieldError(t, error.fields.name),
          timer: translateFieldError(t, error.fields.timer),
        });
      }
      setFailure(serverMessageOf(error) ?? t('team.createFailed'));
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <Card className="flex flex-col gap-2">
        <TextField
          id="team-title"
          label={t('team.title')}
          required
          value={name}
          maxLength={LIMITS.decision.nameMax}
          autoComplete="off"
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="grid gap-x-6 gap-y-2 md:grid-cols-2 [&>*]:min-w-0">
          <DeadlineField
            id="team-deadline"
            value={deadline}
            onChange={setDeadline}
            now={now}
            error={errors.timer}
          />
          <SelectField
            label={t('team.mode')}
            value={mode}
            hint={t('team.modeHint')}
            onChange={(event) => setMode(event.target.value === 'ai' ? 'ai' : 'manual')}
          >
            <option value="manual">{t('team.modeManual')}</option>
            <option value="ai">{t('team.modeAi')}</option>
          </SelectField>
        </div>
        <TextAreaField
          label={t('team.description')}
          rows={4}
          value={description}
          maxLength={LIMITS.decision.descriptionMax}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Card>

      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Card>
          <section aria-labelledby="team-options-heading" className="flex flex-col gap-4">
            <header>
              <h2 id="team-options-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
                {t('team.options')}
              </h2>
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('team.optionsHint')}</p>
            </header>
            <NameRowsEditor kind="option" rows={options} onChange={setOptions} />
          </section>
        </Card>
        <Card>
          <section aria-labelledby="team-criteria-heading" className="flex flex-col gap-4">
            <header>
              <h2 id="team-criteria-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
                {t('team.criteria')}
              </h2>
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('team.criteriaHint')}</p>
            </header>
            <NameRowsEditor kind="criterion" rows={criteria} onChange={setCriteria} />
          </section>
        </Card>
      </div>

      <p className="flex items-start gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100">
        <Info aria-hidden size={18} className="mt-0.5 shrink-0" />
        {t('team.optionalNote')}
      </p>

      <div className="flex flex-col gap-2">
        {hasDuplicates ? (
          <p className="text-sm text-red-700 dark:text-red-400">{t('team.duplicatesBlock')}</p>
        ) : null}
        <Button type="submit" size="lg" className="self-start" disabled={isSubmitting || hasDuplicates}>
          {isSubmitting ? t('team.creating') : t('team.continue')}
          <ArrowRight aria-hidden size={18} />
        </Button>
        <StatusLine tone="error" message={failure} />
      </div>
    </form>
  );
}
