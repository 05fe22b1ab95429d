import type { DecisionDetails } from '../../../shared/api/decisions.ts';

/** What the vote page offers about submitting (issue 27); the server decides, this only reads its answer. */
export type SubmitState =
  | { kind: 'none' }
  | { kind: 'submitted'; submittedAt: string }
  | {
      kind: 'open';
      isReopened: boolean;
      /** The i18n key (under teamEdit) of why the button is disabled; null when it may be pressed. */
      blockedBy: 'submitUnsaved' | 'submitIncomplete' | 'submitIncompleteAi' | null;
    };

/**
 * A submitted vote shows as final whatever the setting; "Submit vote" is offered under `after_vote`
 * (results appear once submitted) and to a voter whose vote was reopened, while they may submit.
 * It needs the saved vote to be complete: unsaved changes or empty cells say why it is disabled.
 */
export function submitStateOf(
  details: Pick<DecisionDetails, 'teamMembers' | 'abilities' | 'decision'>,
  userId: number | undefined,
  isDirty: boolean,
): SubmitState {
  const me = details.teamMembers.find((member) => member.accepted && member.user_id === userId);
  if (!me) return { kind: 'none' };
  if (me.submitted_at) return { kind: 'submitted', submittedAt: me.submitted_at };
  const isOffered = details.decision.results_visibility === 'after_vote' || me.reopened;
  if (!isOffered || !details.abilities.canSubmitVote) return { kind: 'none' };
  const incomplete = details.decision.mode === 'ai' ? 'submitIncompleteAi' : 'submitIncomplete';
  return {
    kind: 'open',
    isReopened: me.reopened,
    blockedBy: isDirty ? 'submitUnsaved' : me.complete ? null : incomplete,
  };
}
