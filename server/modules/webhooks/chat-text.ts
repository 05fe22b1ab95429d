import type { NoResultReason } from '../../../shared/scoring/decision-data.ts';
import type { Language } from '../../../shared/limits.ts';
import { translate } from '../../i18n.ts';

/** What a chat line says, before it is put into words in the webhook creator's language. */
export type ChatLine =
  | { key: 'activated'; params: { actor: string } }
  | { key: 'memberJoined'; params: { member: string }; role: string }
  | { key: 'voteCompleted'; params: { voter: string } }
  | { key: 'votingEnded'; params: { option: string }; total: number }
  | { key: 'votingEndedNoResult'; reason: NoResultReason | null }
  | { key: 'outcomeRecorded'; params: { actor: string; option: string } }
  | { key: 'commentCreated'; params: { author: string; text: string } };

/** A comment is quoted in one line, at most this long. */
const QUOTE_MAX = 200;

/** Slack reads `&`, `<` and `>` as markup (`<!channel>`, links): names and texts arrive as plain text. */
function escapeChat(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** One line: line breaks become spaces, and a long quote ends with an ellipsis. */
function oneLine(text: string, max = Number.POSITIVE_INFINITY): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/**
 * The `{ text }` of a `slack` webhook: one readable line in `language`, which Slack, Mattermost and
 * Teams incoming webhooks accept, ending with the decision's link.
 */
export function chatTextOf(
  language: Language,
  line: ChatLine,
  about: { decision: string; url: string },
): string {
  const params: Record<string, string> = { decision: escapeChat(oneLine(about.decision)) };
  if ('params' in line)
    for (const [name, value] of Object.entries(line.params))
      params[name] = escapeChat(oneLine(value, name === 'text' ? QUOTE_MAX : undefined));
  if (line.key === 'memberJoined') params.role = translate(language, `roles.${line.role}`);
  if (line.key === 'votingEnded')
    params.total = line.total.toLocaleString(language, { maximumFractionDigits: 2 });
  if (line.key === 'votingEndedNoResult')
    params.reason = translate(language, `webhooks.noResult.${line.reason ?? 'no_complete_voter'}`);
  return `${translate(language, `webhooks.chat.${line.key}`, params)} ${about.url}`;
}
