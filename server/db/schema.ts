import type { Generated } from 'kysely';

// Timestamps are ISO strings on SQLite and Date objects on PostgreSQL (timestamptz); presenters
// normalise them with `toIsoString`. Binary columns are Buffers on both engines.
export type Timestamp = string | Date;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
  birthday: string | null;
  language: string;
  avatar_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
}

export interface AvatarsTable {
  id: string;
  user_id: number;
  content_type: string;
  image: Buffer;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  avatars: AvatarsTable;
}
