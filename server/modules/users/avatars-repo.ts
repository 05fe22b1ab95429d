import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';

export function createAvatarsRepo(db: Kysely<Database>) {
  return {
    findImage(id: string) {
      return db
        .selectFrom('avatars')
        .select(['image', 'content_type'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Stores the new image and points the user at it in one transaction; older images go. */
    async replace(userId: number, id: string | null, image: Buffer | null): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('avatars').where('user_id', '=', userId).execute();
        if (id && image) {
          await trx
            .insertInto('avatars')
            .values({ id, user_id: userId, content_type: 'image/webp', image, created_at: isoNow() })
            .execute();
        }
        await trx
          .updateTable('users')
          .set({ avatar_id: id, updated_at: isoNow() })
          .where('id', '=', userId)
          .execute();
      });
    },
  };
}

export type AvatarsRepo = ReturnType<typeof createAvatarsRepo>;
