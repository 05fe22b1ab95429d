import { useCallback, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { clampPercent } from '../../lib/matrix-model.ts';
import { DraftNotice } from '../drafts/DraftNotice.tsx';
import { useFormDraft } from '../drafts/useFormDraft.ts';
import { WeightsToolbar } from '../weights/WeightsToolbar.tsx';
import { ChangedElsewhereNotice } from './ChangedElsewhereNotice.tsx';
import { SaveBar } from './SaveBar.tsx';
import { useSaveTeamEdit } from './team-api.ts';
import {
  hasInvalidVotes,
  voteRequestFrom,
  voteRowsOf,
  voteValuesFrom,
  type TeamVoteValues,
} from './team-form-model.ts';
import { ResultsHiddenNotice } from './ResultsHiddenNotice.tsx';
import { SubmitVoteSection } from './SubmitVoteSection.tsx';
import { refusalNotice } from './team-refusals.ts';
import { NOTICE_MS, toastFor } from './team-toast.ts';
import { useServerBackedForm } from './useServerBackedForm.ts';
import { isPartialVote, voteCompletenessOf } from './vote-completeness.ts';
import { submitStateOf } from './vote-submission-model.ts';
import { VotesTable } from './VotesTable.tsx';
import { WeightsTable } from './WeightsTable.tsx';
import { factTextsOf } from './team-facts-model.ts';

interface TeamVoteFormProps {
  details: DecisionDetails;
  /** Voting ended: the caller's weights and votes stay visible, nothing can change, no Save. */
  isLocked: boolean;
}

/** "Your vote": the caller's weights, then their scores, and one Save (one request). */
export function TeamVoteForm({ details, isLocked }: TeamVoteFormProps) {
  const { t, i18n } = useTranslation();
  const userId = useAuthStore((state) => state.user?.id);
  const saveEdit = useSaveTeamEdit(details.decision.id);
  const valuesOf = useCallback((from: DecisionDetails) => voteValuesFrom(from, userId), [userId]);
  const form = useForm<TeamVoteValues>({ defaultValues: valuesOf(details) });
  const { control, setValue, handleSubmit, formState } = form;
  const server = useServerBackedForm(form, details, valuesOf);
  const draft = useFormDraft(form, { page: 'team-vote', decisionId: details.decision.id });
  const [votes, weights] = useWatch({ control, name: ['votes', 'weights'] });
  const rows = useMemo(() => voteRowsOf(details), [details]);
  // While results are hidden from the caller there is no team weight to show beside their own.
  const teamWeights = useMemo(
    () =>
      details.teamResults
        ? new Map(details.teamResults.weights.map((entry) => [entry.criterion_id, entry.weight]))
        : null,
    [details.teamResults],
  );
  const importances = useMemo(
    () => new Map(details.criteria.map((criterion) => [criterion.id, criterion.importance])),
    [details.criteria],
  );
  const hasBadVotes = hasInvalidVotes(votes);
  // A submitted vote is final (issue 27): its inputs stay visible but locked until it is reopened.
  const isSubmitted = submitStateOf(details, userId, false).kind === 'submitted';
  const isReadOnly = isLocked || isSubmitted;
  // Manual mode: a voter counts once every cell has a value (in AI mode only the weights count).
  const completeness = useMemo(
    () =>
      voteCompletenessOf(
        rows.options,
        rows.criteria.filter((criterion) => !criterion.isMeasured),
        votes,
      ),
    [rows, votes],
  );
  const isPartial = details.decision.mode === 'manual' && isPartialVote(completeness);

  const save = handleSubmit(async (values) => {
    if (isReadOnly || hasBadVotes) return;
    try {
      server.continueFrom(await draft.saving(() => saveEdit.mutateAsync(voteRequestFrom(values, rows))));
      // A partial vote's notice (role="status") stays beside the grid and says it does not count yet.
      toastFor('success', t('teamEdit.saved'), NOTICE_MS.long);
    } catch (error) {
      const notice = refusalNotice(error, 'vote');
      if (notice) toastFor('error', t(notice), NOTICE_MS.long);
      else toastFor('error', t('teamEdit.saveFailed'), NOTICE_MS.long, serverMessageOf(error) ?? undefined);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-6">
      <DraftNotice draft={draft} />
      {server.isChangedElsewhere ? <ChangedElsewhereNotice onLoadLatest={server.loadLatest} /> : null}
      {details.resultsHiddenUntil ? <ResultsHiddenNotice details={details} /> : null}
      <SectionCard
        headingId="weights-heading"
        title={t('teamEdit.weightsHeading')}
        lead={t('teamEdit.weightsHintFallback')}
      >
        <WeightsTable
          criteria={rows.criteria}
          weights={weights}
          teamWeights={teamWeights}
          importances={importances}
          isDisabled={isReadOnly}
          onChange={(key, text) => setValue(`weights.${key}`, text, { shouldDirty: true })}
        />
        {rows.criteria.length ? (
          <WeightsToolbar
            criteria={rows.criteria.map((criterion) => ({
              name: criterion.name,
              weight: clampPercent(weights[criterion.key] ?? ''),
            }))}
            isDisabled={isReadOnly}
            onApply={(found) =>
              found.forEach((weight, index) => {
                const key = rows.criteria[index]?.key;
                if (key && weight !== null) setValue(`weights.${key}`, String(weight), { shouldDirty: true });
              })
            }
          />
        ) : null}
      </SectionCard>
      <SectionCard
        headingId="votes-heading"
        title={t('teamEdit.votesHeading')}
        lead={details.decision.mode === 'ai' ? t('teamEdit.votesHintAi') : t('teamEdit.votesHint')}
      >
        {isPartial && !isReadOnly ? (
          <div
            role="status"
            data-testid="partial-vote"
            className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
          >
            <p className="font-semibold">
              {t('teamEdit.partialVote', { count: completeness.emptyKeys.size })}
            </p>
            <p className="mt-1">{t('teamEdit.partialVoteHint')}</p>
          </div>
        ) : null}
        <VotesTable
          options={rows.options}
          criteria={rows.criteria}
          facts={factTextsOf(details, i18n.language)}
          votes={votes}
          emptyKeys={isPartial ? completeness.emptyKeys : null}
          isDisabled={isReadOnly}
          onChange={(key, text) => setValue(`votes.${key}`, text, { shouldDirty: true })}
        />
        {hasBadVotes ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {t('teamEdit.votesInvalid')}
          </p>
        ) : null}
      </SectionCard>
      {isReadOnly ? null : (
        <SaveBar isSaving={saveEdit.isPending} isDisabled={hasBadVotes} isDirty={formState.isDirty} />
      )}
      {isLocked ? null : <SubmitVoteSection details={details} userId={userId} isDirty={formState.isDirty} />}
    </form>
  );
}
