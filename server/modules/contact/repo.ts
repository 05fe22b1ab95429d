import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface NewContactMessage {
  firstname: string;
  lastname: string;
  email: string;
  topic: string | null;
  message: string;
  language: string;
  attachment: { filename: string; contentType: string; content: Buffer } | undefined;
  createdAt: string;
}

export function createContactRepo(db: Kysely<Database>) {
  return {
    async insert(input: NewContactMessage): Promise<number> {
      const row = await db
        .insertInto('contact_messages')
        .values({
          firstname: input.firstname,
          lastname: input.lastname,
          email: input.email,
          topic: input.topic,
          message: input.message,
          language: input.language,
          attachment_name: input.attachment?.filename ?? null,
          attachment_type: input.attachment?.contentType ?? null,
          attachment: input.attachment?.content ?? null,
          created_at: input.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export type ContactRepo = ReturnType<typeof createContactRepo>;
