import { useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { RefreshCw, Save } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { TextAreaField, TextField } from '../../components/ui/TextField.tsx';
import { ApiError, serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { translateFieldError } from '../../lib/form-errors.ts';
import { useTeamAiRecommendation } from '../ai/ai-api.ts';
import { LockNotice } from './LockNotice.tsx';
import { TeamAiSection, type TeamAiPhase } from './TeamAiSection.tsx';
import { TeamListsCards } from './TeamListsCards.tsx';
import { useSaveTeamEdit } from './team-api.ts';
import {
  aiRequestFrom,
  hasDuplicateRows,
  hasInvalidVotes,
  teamEditRequestFrom,
  valuesFrom,
  type TeamFormValues,
} from './team-form-model.ts';
import { TeamSettingsCard } from './TeamSettingsCard.tsx';
import { NOTICE_MS, toastFor } from './team-toast.ts';
import { VotesTable } from './VotesTable.tsx';
import { WeightsTable } from './WeightsTable.tsx';

interface TeamEditorProps {
  details: DecisionDetails;
  now: number;
  /** Owner and admin: settings, title, description and the lists besides the own weights and votes. */
  canEditLists: boolean;
  /** The deadline passed: everything is shown but nothing can change. */
  isLocked: boolean;
}

const headingClasses = 'text-lg font-semibold text-slate-900 dark:text-white';

/** SPEC.md section 4: after a successful AI run the user goes to the team view after 1.2 s. */
const AI_REDIRECT_MS = 1200;

function refusalNotice(error: unknown): string | null {
  const code = error instanceof ApiError ? error.code : null;
  if (code === 'DEADLINE_PASSED') return 'teamEdit.lockedVoting';
  if (code === 'COMPLETED_BY_AI') return 'teamEdit.completedByAi';
  return null;
}

/**
 * Owner and admin: settings, title, description, options, criteria, weights and votes.
 * Editor: weights and votes only. Until the user types, the form follows live updates; afterwards a
 * notice offers to load the newer state instead of overwriting their typing.
 */
export function TeamEditor({ details, now, canEditLists, isLocked }: TeamEditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = useAuthStore((state) => state.user?.id);
  const decisionId = details.decision.id;
  const saveEdit = useSaveTeamEdit(decisionId);
  const askAi = useTeamAiRecommendation(decisionId);
  const [aiPhase, setAiPhase] = useState<TeamAiPhase>({ kind: 'idle' });
  const [isAiConfirmOpen, setIsAiConfirmOpen] = useState(false);
  // The server state the form's values started from.
  const [basedOn, setBasedOn] = useState(details);
  const form = useForm<TeamFormValues>({ defaultValues: valuesFrom(details, userId) });
  const {
    control,
    register,
    reset,
    setValue,
    getValues,
    trigger,
    setFocus,
    handleSubmit,
    formState: { isDirty, errors },
  } = form;
  const [options, criteria, votes, weights] = useWatch({
    control,
    name: ['options', 'criteria', 'votes', 'weights'],
  });

  // Untouched forms follow live updates; a touched one keeps the typing and offers the newer state.
  if (basedOn !== details && !isDirty) setBasedOn(details);
  useEffect(() => reset(valuesFrom(basedOn, userId)), [basedOn, userId, reset]);
  const isChangedElsewhere = isDirty && basedOn !== details;

  const isSaving = saveEdit.isPending || aiPhase.kind === 'running';
  const hasDuplicates = hasDuplicateRows({ options, criteria });
  const hasBadVotes = hasInvalidVotes(votes);
  const isBlocked = isLocked || isSaving || hasDuplicates || hasBadVotes;
  const teamWeights = new Map(
    (details.teamResults?.weights ?? []).map((entry) => [entry.criterion_id, entry.weight]),
  );

  /** One request; the answer is the fresh state the form continues from. Returns the refusal, if any. */
  async function saveValues(values: TeamFormValues): Promise<unknown> {
    try {
      setBasedOn(await saveEdit.mutateAsync(teamEditRequestFrom(values, canEditLists)));
      return null;
    } catch (error) {
      return error;
    }
  }

  const save = handleSubmit(async (values) => {
    if (isBlocked) return;
    const error = await saveValues(values);
    if (!error) return toastFor('success', t('teamEdit.saved'), NOTICE_MS.long);
    const notice = refusalNotice(error);
    if (notice) toastFor('error', t(notice), NOTICE_MS.long);
    else toastFor('error', t('teamEdit.saveFailed'), NOTICE_MS.long, serverMessageOf(error) ?? undefined);
  });

  /** SPEC.md section 4: save everything first, then ask the AI; on success the team view after 1.2 s. */
  async function startAi() {
    setIsAiConfirmOpen(false);
    if (isBlocked) return;
    if (!(await trigger('name'))) return setFocus('name');
    const values = getValues();
    if (!values.description.trim()) {
      setAiPhase({ kind: 'failed', reason: t('ai.needsDescription') });
      return;
    }
    setAiPhase({ kind: 'running' });
    const saveError = await saveValues(values);
    if (saveError) {
      setAiPhase({ kind: 'idle' });
      toastFor('error', t('teamEdit.aiSaveFailed'), NOTICE_MS.long, serverMessageOf(saveError) ?? undefined);
      return;
    }
    try {
      await askAi.mutateAsync(aiRequestFrom(values));
      setAiPhase({ kind: 'succeeded' });
      toastFor('success', t('teamEdit.aiSucceeded'), NOTICE_MS.long);
      window.setTimeout(() => void navigate(`/team-decision/${decisionId}`), AI_REDIRECT_MS);
    } catch (error) {
      const reason =
        serverMessageOf(error) ?? (error instanceof Error ? error.message : t('common.unexpectedError'));
      setAiPhase({ kind: 'failed', reason });
      toastFor('error', t('teamEdit.aiFailed'), NOTICE_MS.long, reason);
    }
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-6">
        {isLocked ? <LockNotice>{t('teamEdit.lockedEditing')}</LockNotice> : null}
        {isChangedElsewhere ? (
          <div
            role="status"
            className="flex flex-col gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900 sm:flex-row sm:items-center sm:justify-between dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100"
          >
            <p>{t('teamEdit.changedElsewhere')}</p>
            <Button variant="secondary" size="sm" onClick={() => setBasedOn(details)}>
              <RefreshCw aria-hidden size={14} />
              {t('teamEdit.loadLatest')}
            </Button>
          </div>
        ) : null}

        {canEditLists ? (
          <>
            <TeamSettingsCard details={details} now={now} isLocked={isLocked} />
            <Card className="flex flex-col gap-2">
              <h2 className={`${headingClasses} mb-2`}>{t('teamEdit.detailsHeading')}</h2>
              <TextField
                id="edit-title"
                label={t('team.title')}
                required
                maxLength={LIMITS.decision.nameMax}
                disabled={isLocked}
                error={translateFieldError(t, errors.name?.message)}
                {...register('name', {
                  validate: (name) => name.trim() !== '' || 'validation.titleRequired',
                })}
              />
              <TextAreaField
                label={t('team.description')}
                rows={3}
                maxLength={LIMITS.decision.descriptionMax}
                disabled={isLocked}
                {...register('description')}
              />
            </Card>
            <TeamListsCards leadsFrom="teamEdit" isDisabled={isLocked} showImportance />
          </>
        ) : null}

        <SectionCard
          headingId="weights-heading"
          title={t('teamEdit.weightsHeading')}
          lead={t('teamEdit.weightsHint')}
        >
          {isLocked ? <LockNotice>{t('teamEdit.lockedWeighting')}</LockNotice> : null}
          <WeightsTable
            criteria={criteria}
            weights={weights}
            teamWeights={teamWeights}
            isDisabled={isLocked}
            onChange={(key, text) => setValue(`weights.${key}`, text, { shouldDirty: true })}
          />
        </SectionCard>

        <SectionCard
          headingId="votes-heading"
          title={t('teamEdit.votesHeading')}
          lead={details.decision.mode === 'ai' ? t('teamEdit.votesHintAi') : t('teamEdit.votesHint')}
        >
          {isLocked ? <LockNotice>{t('teamEdit.lockedVoting')}</LockNotice> : null}
          <VotesTable
            options={options}
            criteria={criteria}
            votes={votes}
            isDisabled={isLocked}
            onChange={(key, text) => setValue(`votes.${key}`, text, { shouldDirty: true })}
          />
          {hasBadVotes ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {t('teamEdit.votesInvalid')}
            </p>
          ) : null}
        </SectionCard>

        {canEditLists ? (
          <TeamAiSection phase={aiPhase} isDisabled={isBlocked} onStart={() => setIsAiConfirmOpen(true)} />
        ) : null}

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border dark:border-slate-800 dark:bg-slate-950/95">
          {hasDuplicates ? (
            <p className="text-sm text-red-700 dark:text-red-400">{t('team.duplicatesBlock')}</p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={isBlocked}>
              <Save aria-hidden size={16} />
              {isSaving ? t('teamEdit.saving') : t('teamEdit.save')}
            </Button>
            {isDirty ? (
              <span className="text-sm text-slate-600 dark:text-slate-400">{t('teamEdit.unsaved')}</span>
            ) : null}
          </div>
        </div>
        <ConfirmDialog
          isOpen={isAiConfirmOpen}
          title={t('teamEdit.aiConfirmTitle')}
          message={t('teamEdit.aiConfirm')}
          confirmLabel={t('teamEdit.startAi')}
          onConfirm={() => void startAi()}
          onCancel={() => setIsAiConfirmOpen(false)}
        />
      </form>
    </FormProvider>
  );
}
