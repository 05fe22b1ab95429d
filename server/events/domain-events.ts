import type { DecisionType, TeamRole } from '../db/schema.ts';
import type { NoResultReason } from '../../shared/scoring/decision-data.ts';

/** The decision an event is about, as the subscriber needs it for links, names and followers. */
export interface DecisionRef {
  id: number;
  name: string;
  type: DecisionType;
  user_id: number;
}

/** The comment an event is about, and the cell of the matrix it discusses (both null: the decision). */
export interface CommentRef {
  id: number;
  option_id: number | null;
  criterion_id: number | null;
}

/**
 * A reminded voter and what is left for them: to vote in full, or (where results wait for it, issue 27)
 * to submit their complete vote.
 */
export interface ReminderRecipient {
  userId: number;
  left: 'vote' | 'submit';
}

/**
 * What happened, told once after the write committed. The subscriber (subscriber.ts) turns each event
 * into the notifications and live events the people concerned get; services never call those directly.
 */
export type DomainEvent =
  /** Lists, votes, weights, invitations or members changed: followers (and `alsoNotify`) reload. */
  | { type: 'decision.changed'; decisionId: number; alsoNotify?: number[] }
  /** The rows are gone, so the followers are read before the deletion and travel with the event. */
  | { type: 'decision.deleted'; decisionId: number; followers: number[] }
  | { type: 'decision.activated'; decision: DecisionRef; actorId: number }
  | { type: 'deadline.changed'; decision: DecisionRef; actorId: number; timer: string | null }
  /**
   * Voting ended (deadline, "end voting now" or AI completion), told once per decision: every member
   * hears how it stands: the leading option and its team result, or (leader null) why there is no
   * result yet (`noResultReason`).
   */
  | {
      type: 'voting.ended';
      decision: DecisionRef;
      leader: { option: string; result: number } | null;
      noResultReason: NoResultReason | null;
    }
  /** Voters who have not voted in full or not submitted were reminded, by a member (`senderId`) or automatically (null). */
  | {
      type: 'voters.reminded';
      decision: DecisionRef;
      senderId: number | null;
      recipients: ReminderRecipient[];
    }
  | { type: 'outcome.recorded'; decision: DecisionRef; actor: { id: number; name: string }; option: string }
  /** An outcome's review date came: its owner is told once. */
  | { type: 'review.due'; decision: DecisionRef }
  | { type: 'decision.completedByAi'; decision: DecisionRef; actorId: number }
  | {
      type: 'member.invited';
      decision: DecisionRef;
      invitationId: number;
      inviter: { id: number; name: string };
      /** Set when the invited address has an account: that user is told in the app too. */
      inviteeId: number | undefined;
    }
  | {
      type: 'invitation.accepted';
      decision: Pick<DecisionRef, 'id' | 'name'>;
      inviterId: number;
      member: { id: number; name: string };
    }
  | { type: 'member.roleChanged'; decision: DecisionRef; actorId: number; userId: number; role: TeamRole }
  | { type: 'member.removed'; decision: DecisionRef; actorId: number; userId: number }
  /** Issue 29: the owner deleted their account and the workspace passed to `heirId`, who is told. */
  | { type: 'workspace.ownershipReceived'; workspace: { id: number; name: string }; heirId: number }
  /** The owner deleted their account (issue 28) and the decision passed to `heirId`, who is told. */
  | { type: 'ownership.received'; decision: DecisionRef; heirId: number }
  /** The owner or an admin reopened a voter's submitted vote (issue 27): the voter is told. */
  | { type: 'vote.reopened'; decision: DecisionRef; actor: { id: number; name: string }; userId: number }
  | {
      type: 'comment.added';
      decision: DecisionRef;
      comment: CommentRef;
      authorId: number;
      authorName: string;
    }
  /** A comment was edited or deleted: open pages reload the list, nobody is notified. */
  | { type: 'comments.changed'; decision: DecisionRef; comment: CommentRef }
  /**
   * Issue 29: a workspace's name, members, invitations or criteria sets changed: the open pages of
   * `audience` (its members, and one who just left or was removed) reload it.
   */
  | { type: 'workspace.changed'; workspaceId: number; audience: number[] }
  /** Issue 29: an invitation to a workspace went to an address with an account: that user is told in the app. */
  | {
      type: 'workspace.invited';
      workspace: { id: number; name: string };
      inviter: { id: number; name: string };
      inviteeId: number;
      /** `/invite?token=…`: the page that accepts it. */
      link: string;
    };

/** Hands an event to the subscriber; never rejects (the write it reports on has committed). */
export type Emit = (event: DomainEvent) => Promise<void>;
