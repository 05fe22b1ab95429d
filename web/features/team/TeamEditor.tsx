import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Save } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { TextAreaField, TextField } from '../../components/ui/TextField.tsx';
import { ApiError, serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { requestTeamRecommendation } from '../ai/ai-api.ts';
import { decisionKeys, fetchDecisionDetails } from '../decisions/decisions-api.ts';
import { LockNotice } from './LockNotice.tsx';
import { duplicateRowIndexes } from './name-rows.ts';
import { NameRowsEditor } from './NameRowsEditor.tsx';
import { TeamAiSection, type TeamAiPhase } from './TeamAiSection.tsx';
import { saveVotes, saveWeights, teamKeys, updateTeamDecision } from './team-api.ts';
import {
  aiRequestFrom,
  hasInvalidVotes,
  updateRequestFrom,
  valuesFrom,
  votesFor,
  weightsFor,
  type TeamFormValues,
} from './team-form-model.ts';
import { TeamSettingsCard } from './TeamSettingsCard.tsx';
import { NOTICE_MS, toastFor } from './team-toast.ts';
import { VotesTable } from './VotesTable.tsx';
import { WeightsTable } from './WeightsTable.tsx';

interface TeamEditorProps {
  details: DecisionDetails;
  now: number;
  /** The deadline passed: everything is shown but nothing can change. */
  isLocked: boolean;
}

/** Unsaved changes and the server state they started from. */
interface Edits {
  values: TeamFormValues;
  basedOn: DecisionDetails;
}

const headingClasses = 'text-lg font-semibold text-slate-900 dark:text-white';

/** SPEC.md section 4: after a successful AI run the user goes to the team view after 1.2 s. */
const AI_REDIRECT_MS = 1200;

/**
 * Owner and admin: settings, title, description, options, criteria, weights and votes.
 * Editor: weights and votes only. Until the user types, the form follows live updates; afterwards a
 * notice offers to load the newer state instead of overwriting their typing.
 */
export function TeamEditor({ details, now, isLocked }: TeamEditorProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.user?.id);
  const [edits, setEdits] = useState<Edits | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const [aiPhase, setAiPhase] = useState<TeamAiPhase>({ kind: 'idle' });
  const [isAiConfirmOpen, setIsAiConfirmOpen] = useState(false);
  const navigate = useNavigate();
  const values = edits?.values ?? valuesFrom(details, userId);
  const isManager = details.userRole === 'owner' || details.userRole === 'admin';
  const isChangedElsewhere = edits !== null && edits.basedOn !== details;
  const hasDuplicates =
    duplicateRowIndexes(values.options).size > 0 || duplicateRowIndexes(values.criteria).size > 0;
  const hasBadVotes = hasInvalidVotes(values);
  const teamWeights = new Map(
    (details.teamResults?.weights ?? []).map((entry) => [entry.criterion_id, entry.weight]),
  );

  function change(update: (current: TeamFormValues) => TeamFormValues) {
    setEdits((current) => ({
      values: update(current?.values ?? values),
      basedOn: current?.basedOn ?? details,
    }));
  }

  /** Refuses to save (and says why) while the form has a blocking problem. */
  function isSavable(): boolean {
    if (isSaving || isLocked || hasDuplicates || hasBadVotes) return false;
    if (isManager && !values.name.trim()) {
      setNameError(t('team.titleRequired'));
      document.getElementById('edit-title')?.focus();
      return false;
    }
    setNameError(undefined);
    return true;
  }

  /** Saves the lists, the caller's votes and weights; throws on any refusal. */
  async function saveEverything(decisionId: number) {
    if (isManager) {
      await updateTeamDecision(decisionId, updateRequestFrom(values, details.decision.mode));
      // New criteria got their ids with the update; weights are stored per criterion id.
      const fresh = await fetchDecisionDetails(decisionId);
      await saveWeights(decisionId, weightsFor(values, fresh.criteria));
    } else {
      const votes = votesFor(values, details);
      if (votes.length) await saveVotes(decisionId, votes);
      // Weights last: their answer also tells everyone watching that the votes changed.
      await saveWeights(decisionId, weightsFor(values, details.criteria));
    }
    setEdits(null);
  }

  async function refreshAfterWrite(decisionId: number) {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: decisionKeys.details(decisionId) }),
      queryClient.invalidateQueries({ queryKey: teamKeys.members(decisionId) }),
      queryClient.invalidateQueries({ queryKey: decisionKeys.list() }),
    ]);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!isSavable()) return;
    setIsSaving(true);
    const decisionId = details.decision.id;
    try {
      await saveEverything(decisionId);
      toastFor('success', t('teamEdit.saved'), NOTICE_MS.long);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      if (code === 'DEADLINE_PASSED') toastFor('error', t('teamEdit.lockedVoting'), NOTICE_MS.long);
      else if (code === 'COMPLETED_BY_AI') toastFor('error', t('teamEdit.completedByAi'), NOTICE_MS.long);
      else toastFor('error', t('teamEdit.saveFailed'), NOTICE_MS.long, serverMessageOf(error) ?? undefined);
    } finally {
      setIsSaving(false);
      await refreshAfterWrite(decisionId);
    }
  }

  /** SPEC.md section 4: save everything first, then ask the AI; on success the team view after 1.2 s. */
  async function startAi() {
    setIsAiConfirmOpen(false);
    if (!isSavable()) return;
    if (!values.description.trim()) {
      setAiPhase({ kind: 'failed', reason: t('ai.needsDescription') });
      return;
    }
    const decisionId = details.decision.id;
    setAiPhase({ kind: 'running' });
    setIsSaving(true);
    try {
      await saveEverything(decisionId);
    } catch (error) {
      setAiPhase({ kind: 'idle' });
      setIsSaving(false);
      toastFor('error', t('teamEdit.aiSaveFailed'), NOTICE_MS.long, serverMessageOf(error) ?? undefined);
      await refreshAfterWrite(decisionId);
      return;
    }
    try {
      await requestTeamRecommendation(decisionId, aiRequestFrom(values));
      setAiPhase({ kind: 'succeeded' });
      toastFor('success', t('teamEdit.aiSucceeded'), NOTICE_MS.long);
      window.setTimeout(() => void navigate(`/team-decision/${decisionId}`), AI_REDIRECT_MS);
    } catch (error) {
      const reason =
        serverMessageOf(error) ?? (error instanceof Error ? error.message : t('common.unexpectedError'));
      setAiPhase({ kind: 'failed', reason });
      toastFor('error', t('teamEdit.aiFailed'), NOTICE_MS.long, reason);
    } finally {
      setIsSaving(false);
      await refreshAfterWrite(decisionId);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-6">
      {isLocked ? <LockNotice>{t('teamEdit.lockedEditing')}</LockNotice> : null}
      {isChangedElsewhere ? (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900 sm:flex-row sm:items-center sm:justify-between dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100"
        >
          <p>{t('teamEdit.changedElsewhere')}</p>
          <Button variant="secondary" size="sm" onClick={() => setEdits(null)}>
            <RefreshCw aria-hidden size={14} />
            {t('teamEdit.loadLatest')}
          </Button>
        </div>
      ) : null}

      {isManager ? (
        <>
          <TeamSettingsCard details={details} now={now} isLocked={isLocked} />
          <Card className="flex flex-col gap-2">
            <h2 className={`${headingClasses} mb-2`}>{t('teamEdit.detailsHeading')}</h2>
            <TextField
              id="edit-title"
              label={t('team.title')}
              required
              value={values.name}
              maxLength={LIMITS.decision.nameMax}
              disabled={isLocked}
              error={nameError}
              onChange={(event) => change((current) => ({ ...current, name: event.target.value }))}
            />
            <TextAreaField
              label={t('team.description')}
              rows={3}
              value={values.description}
              maxLength={LIMITS.decision.descriptionMax}
              disabled={isLocked}
              onChange={(event) => change((current) => ({ ...current, description: event.target.value }))}
            />
          </Card>
          <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
            <Card>
              <section aria-labelledby="edit-options-heading" className="flex flex-col gap-4">
                <header>
                  <h2 id="edit-options-heading" className={headingClasses}>
                    {t('team.options')}
                  </h2>
                  <p className="text-sm text-slate-600 dark:text-slate-400">{t('teamEdit.optionsHint')}</p>
                </header>
                <NameRowsEditor
                  kind="option"
                  rows={values.options}
                  isDisabled={isLocked}
                  onChange={(options) => change((current) => ({ ...current, options }))}
                />
              </section>
            </Card>
            <Card>
              <section aria-labelledby="edit-criteria-heading" className="flex flex-col gap-4">
                <header>
                  <h2 id="edit-criteria-heading" className={headingClasses}>
                    {t('team.criteria')}
                  </h2>
                  <p className="text-sm text-slate-600 dark:text-slate-400">{t('teamEdit.criteriaHint')}</p>
                </header>
                <NameRowsEditor
                  kind="criterion"
                  rows={values.criteria}
                  isDisabled={isLocked}
                  showImportance
                  onChange={(criteria) => change((current) => ({ ...current, criteria }))}
                />
              </section>
            </Card>
          </div>
        </>
      ) : null}

      <Card>
        <section aria-labelledby="weights-heading" className="flex flex-col gap-4">
          <header>
            <h2 id="weights-heading" className={headingClasses}>
              {t('teamEdit.weightsHeading')}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('teamEdit.weightsHint')}</p>
          </header>
          {isLocked ? <LockNotice>{t('teamEdit.lockedWeighting')}</LockNotice> : null}
          <WeightsTable
            criteria={values.criteria}
            weights={values.weights}
            teamWeights={teamWeights}
            isDisabled={isLocked}
            onChange={(key, text) =>
              change((current) => ({ ...current, weights: { ...current.weights, [key]: text } }))
            }
          />
        </section>
      </Card>

      <Card>
        <section aria-labelledby="votes-heading" className="flex flex-col gap-4">
          <header>
            <h2 id="votes-heading" className={headingClasses}>
              {t('teamEdit.votesHeading')}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {details.decision.mode === 'ai' ? t('teamEdit.votesHintAi') : t('teamEdit.votesHint')}
            </p>
          </header>
          {isLocked ? <LockNotice>{t('teamEdit.lockedVoting')}</LockNotice> : null}
          <VotesTable
            options={values.options}
            criteria={values.criteria}
            votes={values.votes}
            isDisabled={isLocked}
            onChange={(key, text) =>
              change((current) => ({ ...current, votes: { ...current.votes, [key]: text } }))
            }
          />
          {hasBadVotes ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {t('teamEdit.votesInvalid')}
            </p>
          ) : null}
        </section>
      </Card>

      {isManager ? (
        <TeamAiSection
          phase={aiPhase}
          isDisabled={isLocked || isSaving || hasDuplicates || hasBadVotes}
          onStart={() => setIsAiConfirmOpen(true)}
        />
      ) : null}

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border dark:border-slate-800 dark:bg-slate-950/95">
        {hasDuplicates ? (
          <p className="text-sm text-red-700 dark:text-red-400">{t('team.duplicatesBlock')}</p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={isLocked || isSaving || hasDuplicates || hasBadVotes}>
            <Save aria-hidden size={16} />
            {isSaving ? t('teamEdit.saving') : t('teamEdit.save')}
          </Button>
          {edits ? (
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
  );
}
