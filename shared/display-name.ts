/** What is known about a person wherever one appears (header, comments, members, status, mails, exports). */
export interface NamedPerson {
  nickname?: string | null | undefined;
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
  email?: string | null | undefined;
}

/**
 * The one display-name rule (DESIGN.md): nickname, else first and last name, else the part of the
 * e-mail before the @. null only when nothing is known (e.g. a deleted account); the reader's own
 * entries are shown as "You" by the screen, which knows who reads.
 */
export function displayNameOf(person: NamedPerson): string | null {
  const nickname = person.nickname?.trim();
  if (nickname) return nickname;
  const fullName = [person.first_name, person.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  if (fullName) return fullName;
  const local = person.email?.split('@')[0]?.trim();
  return local ? local : null;
}

/**
 * The i18n key of the name a deleted account appears under (issue 28): "Former member" /
 * "Ehemaliges Mitglied" in the reader's language, with `user_id` null wherever it appears.
 */
export const FORMER_MEMBER_NAME_KEY = 'people.formerMember';

/** An account always has an address, so its name is never empty (the whole address as a last resort). */
export function displayNameOfAccount(account: NamedPerson & { email: string }): string {
  return displayNameOf(account) ?? account.email;
}
