import type { User } from '../../../shared/api/users.ts';
import type { Language } from '../../../shared/limits.ts';
import { toIsoString } from '../../db/values.ts';
import type { UserRow } from './repo.ts';

export function avatarUrl(avatarId: string | null): string | null {
  return avatarId ? `/api/avatars/${avatarId}.webp` : null;
}

/** The only user fields that ever leave the server. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    first_name: row.first_name,
    last_name: row.last_name,
    birthday: row.birthday,
    language: row.language as Language,
    avatar_url: avatarUrl(row.avatar_id),
    email_verified: row.email_verified_at !== null,
    created_at: toIsoString(row.created_at),
  };
}
