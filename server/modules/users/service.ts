import { randomBytes } from 'node:crypto';
import { LIMITS, type Language } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import { createSemaphore } from '../../semaphore.ts';
import { createAvatarDecoder } from './avatar-decoder-process.ts';
import { normaliseAvatar } from './avatar-image.ts';
import type { AvatarsRepo } from './avatars-repo.ts';
import type { UserRow, UsersRepo } from './repo.ts';

export interface ProfileChanges {
  // undefined leaves a field unchanged; null clears it.
  nickname?: string | null | undefined;
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
  birthday?: string | null | undefined;
  language?: Language | undefined;
}

export function createUsersService(deps: { users: UsersRepo; avatars: AvatarsRepo }) {
  const { users, avatars } = deps;
  // Per instance: each decode holds the whole picture in memory, so only this many at once.
  const decoding = {
    decodeSlots: createSemaphore(LIMITS.avatar.decodesAtOnce),
    decoder: createAvatarDecoder(),
  };

  async function reload(userId: number): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    return user;
  }

  return {
    updateProfile(userId: number, changes: ProfileChanges): Promise<UserRow> {
      const present = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      return users.update(userId, present);
    },

    async setAvatar(userId: number, upload: Buffer): Promise<UserRow> {
      const image = await normaliseAvatar(upload, decoding);
      // A fresh random id per upload: URLs are unguessable and caches never serve a stale picture.
      await avatars.replace(userId, randomBytes(16).toString('hex'), image);
      return reload(userId);
    },

    async removeAvatar(userId: number): Promise<UserRow> {
      await avatars.replace(userId, null, null);
      return reload(userId);
    },

    findAvatar(id: string) {
      return avatars.findImage(id);
    },

    /** Ends the avatar decoder process, if one runs. */
    close(): void {
      decoding.decoder.close();
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
