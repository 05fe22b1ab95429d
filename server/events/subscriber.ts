import { followersOf, type DecisionsRepo } from '../modules/decisions/index.ts';
import type { CommentsRepo } from '../modules/comments/index.ts';
import type { NewNotification, NotificationsService } from '../modules/notifications/index.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { NoResultReason } from '../../shared/scoring/decision-data.ts';
import type { CommentRef, DecisionRef, DomainEvent, Emit } from './domain-events.ts';

export interface SubscriberDeps {
  decisions: Pick<DecisionsRepo, 'findById' | 'listTeamMembers'>;
  comments: Pick<CommentsRepo, 'listAuthorIds'>;
  notificationsService: Pick<NotificationsService, 'notify'>;
  eventBus: Pick<EventBus, 'publish'>;
  log: { error(obj: object, msg: string): void };
}

const teamLink = (decision: Pick<DecisionRef, 'id'>) => `/team-decision/${decision.id}`;
/** Where a decision is read: the team view, or a personal decision's details page. */
const decisionLink = (decision: Pick<DecisionRef, 'id' | 'type'>) =>
  decision.type === 'team' ? teamLink(decision) : `/single-decision/${decision.id}`;

/**
 * The "voting ended" notice without a leader: nobody voted in full, no weights, cells the AI left
 * unscored, or no option passes every must-have.
 */
function noResultKindOf(
  reason: NoResultReason | null,
): 'no_complete_vote' | 'no_weights' | 'missing_cells' | 'all_knocked_out' {
  if (reason === 'no_weights' || reason === 'missing_cells' || reason === 'all_knocked_out') return reason;
  return 'no_complete_vote';
}

/** What the event handlers do: notify people and send live events. */
interface SubscriberActions {
  notify(userIds: number[], notification: NewNotification): Promise<void>;
  /** Everyone following the decision but the person who acted. */
  notifyOthers(
    decision: DecisionRef,
    actorId: number,
    notification: Pick<NewNotification, 'kind' | 'params'> & { link?: string },
  ): Promise<void>;
  publishChange(audience: number[], decisionId: number): Promise<void>;
  /** Followers (plus `alsoNotify`) reload the decision; nothing to tell once it is gone. */
  announceChange(decisionId: number, alsoNotify?: number[]): Promise<void>;
  /**
   * Open pages of the decision reload its comments: the followers, and on a public decision also
   * whoever commented (readers who follow the conversation). Removed team members are not told.
   */
  publishCommentsChange(decision: DecisionRef, comment: CommentRef): Promise<void>;
}

function createSubscriberActions(deps: SubscriberDeps): SubscriberActions {
  const { decisions, comments, notificationsService, eventBus } = deps;
  const notify = (userIds: number[], notification: NewNotification) =>
    notificationsService.notify(userIds, notification);
  const publishChange = (audience: number[], decisionId: number) =>
    eventBus.publish(audience, { type: 'decision-changed', data: { decision_id: decisionId } });
  return {
    notify,
    publishChange,
    async notifyOthers(decision, actorId, notification) {
      const others = (await followersOf(decisions, decision)).filter((userId) => userId !== actorId);
      await notify(others, {
        link: teamLink(decision),
        ...notification,
        decisionId: decision.id,
        inviterId: actorId,
      });
    },
    async announceChange(decisionId, alsoNotify = []) {
      const decision = await decisions.findById(decisionId);
      if (!decision) return;
      await publishChange([...(await followersOf(decisions, decision)), ...alsoNotify], decisionId);
    },
    async publishCommentsChange(decision, comment) {
      const audience = await followersOf(decisions, decision);
      if (decision.type === 'public') audience.push(...(await comments.listAuthorIds(decision.id)));
      await eventBus.publish([...new Set(audience)], {
        type: 'comments-changed',
        // The cell the comment is about (null: the decision), so a page can tell which cell to update.
        data: {
          decision_id: decision.id,
          comment_id: comment.id,
          option_id: comment.option_id,
          criterion_id: comment.criterion_id,
        },
      });
    },
  };
}

type EventHandlers = {
  [Type in DomainEvent['type']]: (
    event: Extract<DomainEvent, { type: Type }>,
    actions: SubscriberActions,
    deps: SubscriberDeps,
  ) => Promise<void>;
};

/** Who is notified of what (kind, message parameters, link) and which live events go out, per event. */
const HANDLERS: EventHandlers = {
  'decision.changed': (event, { announceChange }) => announceChange(event.decisionId, event.alsoNotify),
  'decision.deleted': (event, { publishChange }) => publishChange(event.followers, event.decisionId),
  'decision.activated': async ({ decision, actorId }, { announceChange, notifyOthers }) => {
    await announceChange(decision.id);
    return notifyOthers(decision, actorId, {
      kind: 'decision_activated',
      params: { decision: decision.name },
    });
  },
  'deadline.changed': async ({ decision, actorId, timer }, { announceChange, notifyOthers }) => {
    await notifyOthers(decision, actorId, {
      kind: 'deadline_changed',
      params: { decision: decision.name, deadline: timer ?? '' },
    });
    return announceChange(decision.id);
  },
  'voting.ended': async (event, { announceChange, notify }, { decisions }) => {
    const { decision, leader } = event;
    // Everyone, the person who ended it included: the notice carries the result, or why there is none.
    await notify(await followersOf(decisions, decision), {
      kind: 'voting_ended',
      params: leader
        ? { decision: decision.name, result_kind: 'leader', option: leader.option, result: leader.result }
        : { decision: decision.name, result_kind: noResultKindOf(event.noResultReason) },
      link: teamLink(decision),
      decisionId: decision.id,
    });
    return announceChange(decision.id);
  },
  'voters.reminded': async ({ decision, senderId, recipients }, { announceChange, notify }) => {
    // One notice per thing left: "please vote" or "please submit" (`left`, see the presenter).
    for (const left of ['vote', 'submit'] as const) {
      const userIds = recipients.filter((recipient) => recipient.left === left).map(({ userId }) => userId);
      if (!userIds.length) continue;
      await notify(userIds, {
        kind: 'reminder',
        params: { decision: decision.name, left },
        link: teamLink(decision),
        decisionId: decision.id,
        inviterId: senderId ?? undefined,
      });
    }
    // Other owners and admins see that the next reminder waits.
    return announceChange(decision.id);
  },
  'outcome.recorded': async ({ decision, actor, option }, { announceChange, notifyOthers }) => {
    await announceChange(decision.id);
    return notifyOthers(decision, actor.id, {
      kind: 'outcome_recorded',
      params: { name: actor.name, decision: decision.name, option },
      link: decisionLink(decision),
    });
  },
  'review.due': ({ decision }, { notify }) =>
    notify([decision.user_id], {
      kind: 'review_due',
      params: { decision: decision.name },
      link: decisionLink(decision),
      decisionId: decision.id,
    }),
  'decision.completedByAi': async ({ decision, actorId }, { announceChange, notifyOthers }) => {
    await announceChange(decision.id);
    return notifyOthers(decision, actorId, { kind: 'ai_completed', params: { decision: decision.name } });
  },
  'member.invited': async (event, { announceChange, notify }) => {
    const { decision, inviter } = event;
    if (event.inviteeId !== undefined) {
      await notify([event.inviteeId], {
        kind: 'invitation',
        params: { inviter: inviter.name, decision: decision.name },
        link: teamLink(decision),
        decisionId: decision.id,
        invitationId: event.invitationId,
        inviterId: inviter.id,
      });
    }
    return announceChange(decision.id);
  },
  'invitation.accepted': async ({ decision, member, inviterId }, { announceChange, notify }) => {
    await notify([inviterId], {
      kind: 'invitation_accepted',
      params: { member: member.name, decision: decision.name },
      link: teamLink(decision),
      decisionId: decision.id,
      inviterId: member.id,
    });
    return announceChange(decision.id);
  },
  'member.roleChanged': async ({ decision, userId, role, actorId }, { announceChange, notify }) => {
    await notify([userId], {
      kind: 'role_changed',
      params: { decision: decision.name, role },
      link: teamLink(decision),
      decisionId: decision.id,
      inviterId: actorId,
    });
    return announceChange(decision.id);
  },
  'member.removed': async ({ decision, userId, actorId }, { announceChange, notify }) => {
    // No link and no decision id: the removed member can no longer open it.
    await notify([userId], {
      kind: 'member_removed',
      params: { decision: decision.name },
      link: null,
      inviterId: actorId,
    });
    return announceChange(decision.id, [userId]);
  },
  'ownership.received': async ({ decision, heirId }, { announceChange, notify }) => {
    await notify([heirId], {
      kind: 'ownership_received',
      params: { decision: decision.name },
      link: teamLink(decision),
      decisionId: decision.id,
    });
    return announceChange(decision.id);
  },
  'workspace.ownershipReceived': ({ workspace, heirId }, { notify }) =>
    notify([heirId], {
      kind: 'workspace_ownership_received',
      params: { workspace: workspace.name },
      link: `/workspaces/${workspace.id}`,
    }),
  'vote.reopened': async ({ decision, actor, userId }, { announceChange, notify }) => {
    // Reopening one's own vote needs no notice; everyone's open pages reload to show "reopened".
    if (userId !== actor.id) {
      await notify([userId], {
        kind: 'vote_reopened',
        params: { name: actor.name, decision: decision.name },
        link: teamLink(decision),
        decisionId: decision.id,
        inviterId: actor.id,
      });
    }
    return announceChange(decision.id);
  },
  'comment.added': async (event, { notifyOthers, publishCommentsChange }) => {
    const { decision, authorId } = event;
    await publishCommentsChange(decision, event.comment);
    return notifyOthers(decision, authorId, {
      kind: 'comment',
      params: { author: event.authorName, decision: decision.name },
      link: decision.type === 'team' ? teamLink(decision) : `/single-decision/${decision.id}`,
    });
  },
  'comments.changed': ({ decision, comment }, { publishCommentsChange }) =>
    publishCommentsChange(decision, comment),
  'workspace.changed': ({ workspaceId, audience }, _actions, { eventBus }) =>
    eventBus.publish([...new Set(audience)], {
      type: 'workspace-changed',
      data: { workspace_id: workspaceId },
    }),
  'workspace.invited': ({ workspace, inviter, inviteeId, link }, { notify }) =>
    notify([inviteeId], {
      kind: 'workspace_invitation',
      params: { inviter: inviter.name, workspace: workspace.name },
      link,
      inviterId: inviter.id,
    }),
};

/**
 * The one subscriber of domain events, dispatching each to its entry in HANDLERS. Events arrive after
 * the write committed, so a failure here is logged and never reaches the request that caused it.
 */
export function createEventSubscriber(deps: SubscriberDeps): Emit {
  const actions = createSubscriberActions(deps);
  return async (event) => {
    try {
      // The table pairs each type with its own event shape; TypeScript cannot narrow the lookup itself.
      const handler = HANDLERS[event.type] as (
        event: DomainEvent,
        actions: SubscriberActions,
        deps: SubscriberDeps,
      ) => Promise<void>;
      await handler(event, actions, deps);
    } catch (err) {
      deps.log.error({ err, event: event.type }, 'domain event subscriber failed');
    }
  };
}
