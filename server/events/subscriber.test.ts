import { describe, expect, it, vi } from 'vitest';
import type { NewNotification } from '../modules/notifications/service.ts';
import type { AppEvent } from '../realtime/event-bus.ts';
import type { DecisionRef } from './domain-events.ts';
import { createEventSubscriber } from './subscriber.ts';

const team: DecisionRef = { id: 7, name: 'Offsite', type: 'team', user_id: 1 };
const personal: DecisionRef = { id: 8, name: 'Car', type: 'public', user_id: 1 };

/** A subscriber over fakes that records what it sends; decision 7 has members 2 and 3, 5 commented. */
function harness(options: { failNotify?: boolean; deleted?: boolean } = {}) {
  const notified: { userIds: number[]; notification: NewNotification }[] = [];
  const published: { userIds: number[]; event: AppEvent }[] = [];
  const log = { error: vi.fn() };
  const emit = createEventSubscriber({
    decisions: {
      findById: async (id: number) =>
        options.deleted ? undefined : ({ ...(id === team.id ? team : personal) } as never),
      listTeamMembers: async () =>
        [
          { user_id: 2, deleted_at: null },
          { user_id: 3, deleted_at: null },
        ] as never,
    },
    // Users 5 and 1 have commented (on any decision the fake is asked about).
    comments: { listAuthorIds: async () => [5, 1] },
    notificationsService: {
      notify: async (userIds, notification) => {
        if (options.failNotify) throw new Error('database gone');
        notified.push({ userIds, notification });
      },
    },
    eventBus: {
      publish: async (userIds, event) => {
        published.push({ userIds, event });
      },
    },
    log,
  });
  return { emit, notified, published, log };
}

const changed = (decisionId: number) => ({ type: 'decision-changed', data: { decision_id: decisionId } });
const aboutCell = { id: 40, option_id: 11, criterion_id: 12 };
const aboutDecision = { id: 41, option_id: null, criterion_id: null };
const commentsChanged = (decisionId: number, comment: typeof aboutCell | typeof aboutDecision) => ({
  type: 'comments-changed',
  data: {
    decision_id: decisionId,
    comment_id: comment.id,
    option_id: comment.option_id,
    criterion_id: comment.criterion_id,
  },
});

describe('createEventSubscriber: decision changes and comments', () => {
  it('decision.changed reaches the owner, the members and whoever else is named', async () => {
    const { emit, published, notified } = harness();
    await emit({ type: 'decision.changed', decisionId: 7, alsoNotify: [9] });
    expect(published).toEqual([{ userIds: [1, 2, 3, 9], event: changed(7) }]);
    expect(notified).toEqual([]);
  });

  it('decision.deleted goes to the followers read before the deletion', async () => {
    const { emit, published } = harness({ deleted: true });
    await emit({ type: 'decision.deleted', decisionId: 7, followers: [1, 2] });
    expect(published).toEqual([{ userIds: [1, 2], event: changed(7) }]);
  });

  it('a change of a decision deleted meanwhile tells nobody', async () => {
    const { emit, published } = harness({ deleted: true });
    await emit({ type: 'decision.changed', decisionId: 7 });
    expect(published).toEqual([]);
  });

  it('comment.added notifies every other follower with the link of the decision’s kind', async () => {
    const { emit, notified, published } = harness();
    await emit({ type: 'comment.added', decision: team, comment: aboutCell, authorId: 2, authorName: 'ann' });
    await emit({
      type: 'comment.added',
      decision: personal,
      comment: aboutDecision,
      authorId: 5,
      authorName: 'bob',
    });
    expect(notified).toEqual([
      {
        userIds: [1, 3],
        notification: {
          kind: 'comment',
          params: { author: 'ann', decision: 'Offsite' },
          link: '/team-decision/7',
          decisionId: 7,
          inviterId: 2,
        },
      },
      {
        userIds: [1],
        notification: {
          kind: 'comment',
          params: { author: 'bob', decision: 'Car' },
          link: '/single-decision/8',
          decisionId: 8,
          inviterId: 5,
        },
      },
    ]);
    // Open pages reload their comments: the team's followers; on a public decision also its commenters.
    // The event names the comment's cell (null for a comment on the decision).
    expect(published).toEqual([
      { userIds: [1, 2, 3], event: commentsChanged(7, aboutCell) },
      { userIds: [1, 5], event: commentsChanged(8, aboutDecision) },
    ]);
  });

  it('comments.changed (an edit or a deletion) reloads open pages and notifies nobody', async () => {
    const { emit, notified, published } = harness();
    await emit({ type: 'comments.changed', decision: team, comment: aboutCell });
    await emit({
      type: 'comments.changed',
      decision: { ...personal, type: 'private' },
      comment: aboutDecision,
    });
    expect(published).toEqual([
      { userIds: [1, 2, 3], event: commentsChanged(7, aboutCell) },
      { userIds: [1], event: commentsChanged(8, aboutDecision) },
    ]);
    expect(notified).toEqual([]);
  });
});

describe('createEventSubscriber: deadlines, voting and outcomes', () => {
  it('deadline.changed notifies the others, then announces the change', async () => {
    const { emit, notified, published } = harness();
    await emit({ type: 'deadline.changed', decision: team, actorId: 1, timer: null });
    expect(notified).toEqual([
      {
        userIds: [2, 3],
        notification: {
          kind: 'deadline_changed',
          params: { decision: 'Offsite', deadline: '' },
          link: '/team-decision/7',
          decisionId: 7,
          inviterId: 1,
        },
      },
    ]);
    expect(published).toEqual([{ userIds: [1, 2, 3], event: changed(7) }]);
  });

  it('voting.ended tells every member, the one who ended it included, how the vote stands', async () => {
    const { emit, notified, published } = harness();
    await emit({
      type: 'voting.ended',
      decision: team,
      leader: { option: 'Oslo', result: 7.25 },
      noResultReason: null,
    });
    await emit({ type: 'voting.ended', decision: team, leader: null, noResultReason: 'no_complete_voter' });
    await emit({ type: 'voting.ended', decision: team, leader: null, noResultReason: 'no_weights' });
    expect(notified).toEqual([
      {
        userIds: [1, 2, 3],
        notification: {
          kind: 'voting_ended',
          params: { decision: 'Offsite', result_kind: 'leader', option: 'Oslo', result: 7.25 },
          link: '/team-decision/7',
          decisionId: 7,
        },
      },
      {
        userIds: [1, 2, 3],
        notification: {
          kind: 'voting_ended',
          params: { decision: 'Offsite', result_kind: 'no_complete_vote' },
          link: '/team-decision/7',
          decisionId: 7,
        },
      },
      {
        userIds: [1, 2, 3],
        notification: {
          kind: 'voting_ended',
          params: { decision: 'Offsite', result_kind: 'no_weights' },
          link: '/team-decision/7',
          decisionId: 7,
        },
      },
    ]);
    expect(published).toEqual([
      { userIds: [1, 2, 3], event: changed(7) },
      { userIds: [1, 2, 3], event: changed(7) },
      { userIds: [1, 2, 3], event: changed(7) },
    ]);
  });

  it('voters.reminded notifies only the recipients, naming the sender when there is one', async () => {
    const { emit, notified } = harness();
    const toVote = (userId: number) => ({ userId, left: 'vote' as const });
    await emit({ type: 'voters.reminded', decision: team, senderId: 1, recipients: [toVote(3)] });
    await emit({
      type: 'voters.reminded',
      decision: team,
      senderId: null,
      recipients: [toVote(2), toVote(3)],
    });
    expect(
      notified.map(({ userIds, notification }) => [userIds, notification.kind, notification.inviterId]),
    ).toEqual([
      [[3], 'reminder', 1],
      [[2, 3], 'reminder', undefined],
    ]);
  });

  it('voters.reminded tells each recipient what is left for them: to vote, or to submit (issue 27)', async () => {
    const { emit, notified } = harness();
    const recipients = [
      { userId: 1, left: 'submit' as const },
      { userId: 2, left: 'vote' as const },
      { userId: 3, left: 'submit' as const },
    ];
    await emit({ type: 'voters.reminded', decision: team, senderId: null, recipients });
    expect(notified.map(({ userIds, notification }) => [userIds, notification.params])).toEqual([
      [[2], { decision: 'Offsite', left: 'vote' }],
      [[1, 3], { decision: 'Offsite', left: 'submit' }],
    ]);
  });

  it('outcome.recorded notifies the others with the chosen option; review.due tells the owner', async () => {
    const { emit, notified } = harness();
    await emit({ type: 'outcome.recorded', decision: team, actor: { id: 2, name: 'Ada' }, option: 'Oslo' });
    await emit({ type: 'review.due', decision: personal });
    expect(notified).toEqual([
      {
        userIds: [1, 3],
        notification: {
          kind: 'outcome_recorded',
          params: { name: 'Ada', decision: 'Offsite', option: 'Oslo' },
          link: '/team-decision/7',
          decisionId: 7,
          inviterId: 2,
        },
      },
      {
        userIds: [1],
        notification: {
          kind: 'review_due',
          params: { decision: 'Car' },
          link: '/single-decision/8',
          decisionId: 8,
        },
      },
    ]);
  });
});

describe('createEventSubscriber: members and failures', () => {
  it('member.removed tells the removed member without a link, and they hear of the change once more', async () => {
    const { emit, notified, published } = harness();
    await emit({ type: 'member.removed', decision: team, actorId: 1, userId: 4 });
    expect(notified).toEqual([
      {
        userIds: [4],
        notification: { kind: 'member_removed', params: { decision: 'Offsite' }, link: null, inviterId: 1 },
      },
    ]);
    expect(published).toEqual([{ userIds: [1, 2, 3, 4], event: changed(7) }]);
  });

  it('member.invited notifies only an invitee with an account', async () => {
    const { emit, notified, published } = harness();
    const inviter = { id: 1, name: 'owner' };
    await emit({ type: 'member.invited', decision: team, invitationId: 4, inviter, inviteeId: undefined });
    expect(notified).toEqual([]);
    await emit({ type: 'member.invited', decision: team, invitationId: 5, inviter, inviteeId: 6 });
    expect(notified).toEqual([
      {
        userIds: [6],
        notification: {
          kind: 'invitation',
          params: { inviter: 'owner', decision: 'Offsite' },
          link: '/team-decision/7',
          decisionId: 7,
          invitationId: 5,
          inviterId: 1,
        },
      },
    ]);
    expect(published).toHaveLength(2);
  });

  it('a failing subscriber is logged and never rejects: the write it reports on has committed', async () => {
    const { emit, log } = harness({ failNotify: true });
    await expect(emit({ type: 'decision.activated', decision: team, actorId: 1 })).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledOnce();
  });
});
