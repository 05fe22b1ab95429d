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

/**
 * The one subscriber of domain events: who is notified of what (kind, message parameters, link) and
 * which live events go out. Events arrive after the write committed, so a failure here is logged and
 * never reaches the request that caused it.
 */
export function createEventSubscriber(deps: SubscriberDeps): Emit {
  const { decisions, comments, notificationsService, eventBus, log } = deps;

  /** Everyone following the decision but the person who acted. */
  async function notifyOthers(
    decision: DecisionRef,
    actorId: number,
    notification: Pick<NewNotification, 'kind' | 'params'> & { link?: string },
  ): Promise<void> {
    const others = (await followersOf(decisions, decision)).filter((userId) => userId !== actorId);
    await notify(others, {
      link: teamLink(decision),
      ...notification,
      decisionId: decision.id,
      inviterId: actorId,
    });
  }

  function publishChange(audience: number[], decisionId: number): Promise<void> {
    return eventBus.publish(audience, { type: 'decision-changed', data: { decision_id: decisionId } });
  }

  /** Followers (plus `alsoNotify`) reload the decision; nothing to tell once it is gone. */
  async function announceChange(decisionId: number, alsoNotify: number[] = []): Promise<void> {
    const decision = await decisions.findById(decisionId);
    if (!decision) return;
    await publishChange([...(await followersOf(decisions, decision)), ...alsoNotify], decisionId);
  }

  /**
   * Open pages of the decision reload its comments: the followers, and on a public decision also
   * whoever commented (readers who follow the conversation). Removed team members are not told.
   */
  async function publishCommentsChange(decision: DecisionRef, comment: CommentRef): Promise<void> {
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
  }

  function notify(userIds: number[], notification: NewNotification): Promise<void> {
    return notificationsService.notify(userIds, notification);
  }

  async function handle(event: DomainEvent): Promise<void> {
    switch (event.type) {
      case 'decision.changed':
        return announceChange(event.decisionId, event.alsoNotify);
      case 'decision.deleted':
        return publishChange(event.followers, event.decisionId);
      case 'decision.activated': {
        const { decision, actorId } = event;
        await announceChange(decision.id);
        return notifyOthers(decision, actorId, {
          kind: 'decision_activated',
          params: { decision: decision.name },
        });
      }
      case 'deadline.changed': {
        const { decision, actorId } = event;
        await notifyOthers(decision, actorId, {
          kind: 'deadline_changed',
          params: { decision: decision.name, deadline: event.timer ?? '' },
        });
        return announceChange(decision.id);
      }
      case 'voting.ended': {
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
      }
      case 'voters.reminded': {
        const { decision, senderId } = event;
        await notify(event.recipients, {
          kind: 'reminder',
          params: { decision: decision.name },
          link: teamLink(decision),
          decisionId: decision.id,
          inviterId: senderId ?? undefined,
        });
        // Other owners and admins see that the next reminder waits.
        return announceChange(decision.id);
      }
      case 'outcome.recorded': {
        const { decision, actor } = event;
        await announceChange(decision.id);
        return notifyOthers(decision, actor.id, {
          kind: 'outcome_recorded',
          params: { name: actor.name, decision: decision.name, option: event.option },
          link: decisionLink(decision),
        });
      }
      case 'review.due': {
        const { decision } = event;
        return notify([decision.user_id], {
          kind: 'review_due',
          params: { decision: decision.name },
          link: decisionLink(decision),
          decisionId: decision.id,
        });
      }
      case 'decision.completedByAi': {
        const { decision, actorId } = event;
        await announceChange(decision.id);
        return notifyOthers(decision, actorId, { kind: 'ai_completed', params: { decision: decision.name } });
      }
      case 'member.invited': {
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
      }
      case 'invitation.accepted': {
        const { decision, member } = event;
        await notify([event.inviterId], {
          kind: 'invitation_accepted',
          params: { member: member.name, decision: decision.name },
          link: teamLink(decision),
          decisionId: decision.id,
          inviterId: member.id,
        });
        return announceChange(decision.id);
      }
      case 'member.roleChanged': {
        const { decision } = event;
        await notify([event.userId], {
          kind: 'role_changed',
          params: { decision: decision.name, role: event.role },
          link: teamLink(decision),
          decisionId: decision.id,
          inviterId: event.actorId,
        });
        return announceChange(decision.id);
      }
      case 'member.removed': {
        const { decision } = event;
        // No link and no decision id: the removed member can no longer open it.
        await notify([event.userId], {
          kind: 'member_removed',
          params: { decision: decision.name },
          link: null,
          inviterId: event.actorId,
        });
        return announceChange(decision.id, [event.userId]);
      }
      case 'comment.added': {
        const { decision, authorId } = event;
        await publishCommentsChange(decision, event.comment);
        return notifyOthers(decision, authorId, {
          kind: 'comment',
          params: { author: event.authorName, decision: decision.name },
          link: decision.type === 'team' ? teamLink(decision) : `/single-decision/${decision.id}`,
        });
      }
      case 'comments.changed':
        return publishCommentsChange(event.decision, event.comment);
    }
  }

  return async (event) => {
    try {
      await handle(event);
    } catch (err) {
      log.error({ err, event: event.type }, 'domain event subscriber failed');
    }
  };
}
