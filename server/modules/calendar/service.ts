import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '../../../shared/limits.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { PROTECTED_PAGES } from '../../../shared/routes.ts';
import { AppError } from '../../app-error.ts';
import type { Timestamp } from '../../db/schema.ts';
import { isoNow, toIsoString } from '../../db/values.ts';
import { preferredLanguage, translate } from '../../i18n.ts';
import type { DecisionAccess } from '../decisions/index.ts';
import { serializeCalendar, type IcsEvent } from './ics.ts';
import type { CalendarRepo } from './repo.ts';

/** An .ics body and its validator. */
export interface CalendarFile {
  body: string;
  /** A strong ETag: the body is written only from stored data, so the same data gives the same tag. */
  etag: string;
}

interface DecisionFacts {
  id: number;
  name: string;
  description: string;
  type: 'private' | 'public' | 'team';
  updated_at: Timestamp;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,200}$/;

function newToken(): string {
  return randomBytes(LIMITS.calendar.tokenBytes).toString('base64url');
}

function fileOf(events: IcsEvent[], language: Language, name?: string): CalendarFile {
  const body = serializeCalendar({
    productId: `-//Decision Compass//Calendar//${language.toUpperCase()}`,
    name,
    refreshMinutes: name ? LIMITS.calendar.refreshMinutes : undefined,
    events,
  });
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

/**
 * The calendar feed (issue 32): a secret URL per user, and the .ics files of the feed and of one
 * decision's deadline. Everything is written from current data on each request, so a subscribed
 * calendar follows every change of name, description, deadline or membership at its next fetch.
 */
export function createCalendarService(deps: { calendar: CalendarRepo; appUrl: string }) {
  const { calendar, appUrl } = deps;
  // UIDs name the installation, so two installations' events never merge in one calendar.
  const host = new URL(appUrl).host;

  const feedUrlOf = (token: string) => `${appUrl}/api/calendar/${token}.ics`;
  const pageOf = (decision: Pick<DecisionFacts, 'id' | 'type'>) =>
    `${appUrl}${(decision.type === 'team' ? PROTECTED_PAGES.teamDecision : PROTECTED_PAGES.singleDecision).replace(':id', String(decision.id))}`;

  /** The one event of a deadline: the same UID in the feed and in the single file, so they merge. */
  function deadlineEvent(decision: DecisionFacts & { timer: Timestamp }, language: Language): IcsEvent {
    return {
      uid: `deadline-${decision.id}@${host}`,
      stamp: new Date(toIsoString(decision.updated_at)),
      start: { at: new Date(toIsoString(decision.timer)) },
      summary: translate(language, 'calendar.deadlineSummary', { name: decision.name }),
      description: decision.description,
      url: pageOf(decision),
    };
  }

  function reviewEvent(
    decision: DecisionFacts & { outcome_review_on: string },
    language: Language,
  ): IcsEvent {
    return {
      uid: `review-${decision.id}@${host}`,
      stamp: new Date(toIsoString(decision.updated_at)),
      start: { day: decision.outcome_review_on },
      summary: translate(language, 'calendar.reviewSummary', { name: decision.name }),
      description: decision.description,
      url: pageOf(decision),
    };
  }

  return {
    /** GET /api/users/me/calendar: the caller's feed URL, made on first use. */
    async feedUrl(userId: number): Promise<string> {
      const existing = await calendar.findToken(userId);
      if (existing) return feedUrlOf(existing);
      await calendar.insertIfAbsent(userId, newToken(), isoNow());
      const token = await calendar.findToken(userId);
      if (!token) throw new Error('calendar feed token missing after insert');
      return feedUrlOf(token);
    },

    /** POST /api/users/me/calendar/reset: a new URL; the old one answers 404 from now on. */
    async resetFeed(userId: number): Promise<string> {
      const token = newToken();
      await calendar.replaceToken(userId, token, isoNow());
      return feedUrlOf(token);
    },

    /** GET /api/calendar/{token}.ics: every deadline the owner sees and their review days, in their language. */
    async feed(token: string): Promise<CalendarFile> {
      const subscriber = TOKEN_SHAPE.test(token) ? await calendar.findSubscriber(token) : undefined;
      if (!subscriber) throw new AppError('CALENDAR_FEED_NOT_FOUND');
      const language = preferredLanguage(subscriber.language, 'en');
      const [deadlines, reviews] = await Promise.all([
        calendar.listDeadlines(subscriber.id),
        calendar.listReviewDays(subscriber.id),
      ]);
      const events = [
        ...deadlines.map((decision) => deadlineEvent({ ...decision, type: 'team' }, language)),
        ...reviews.map((decision) => reviewEvent(decision, language)),
      ];
      return fileOf(events, language, translate(language, 'calendar.calendarName'));
    },

    /** GET /api/decision/{id}/calendar.ics: the deadline of a decision the caller may view. */
    decisionFile(access: DecisionAccess, language: Language): CalendarFile {
      const { decision } = access;
      if (decision.timer === null) throw new AppError('NO_DEADLINE');
      return fileOf([deadlineEvent({ ...decision, timer: decision.timer }, language)], language);
    },

    /** Account deletion: the feed goes inside the deletion's transaction. */
    deleteOfUser: calendar.deleteOfUser,
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
