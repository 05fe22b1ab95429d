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
  /** null until the address is confirmed through the mailed link. */
  email_verified_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set when the account was deleted (migration 026): the row stays as a nameless "Former member". */
  deleted_at: Generated<Timestamp | null>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  /** What the "Where you're signed in" list shows (migration 025); null for sessions from before. */
  user_agent: Generated<string | null>;
  /** A coarse hint of the client's address ("203.0.113.x"), never the full address. */
  ip_hint: Generated<string | null>;
}

export interface AvatarsTable {
  id: string;
  user_id: number;
  content_type: string;
  image: Buffer;
  created_at: Timestamp;
}

export type DecisionMode = 'manual' | 'ai';
export type DecisionType = 'private' | 'public' | 'team';
export type TeamRole = 'admin' | 'editor' | 'viewer';
/** Who sees a team decision's results before voting ended (server/modules/decisions/policy.ts). */
export type ResultsVisibility = 'always' | 'after_vote' | 'after_close';

export interface DecisionsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string;
  mode: DecisionMode;
  type: DecisionType;
  score: number | null;
  timer: Timestamp | null;
  revision: Generated<number>;
  /** Issue 27: bumped by every write of a weight (trigger), so weights are re-read only when they changed. */
  weights_revision: Generated<number>;
  activated_at: Timestamp | null;
  results_visibility: Generated<ResultsVisibility>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The recorded outcome (migration 011); there is one while `outcome_option_id` is set. */
  outcome_option_id: Generated<number | null>;
  outcome_rationale: Generated<string | null>;
  /** YYYY-MM-DD. */
  outcome_review_on: Generated<string | null>;
  outcome_decided_at: Generated<Timestamp | null>;
  outcome_decided_by: Generated<number | null>;
  /** Set once the owner was told the review date came (claimed by a conditional UPDATE). */
  outcome_review_notified_at: Generated<Timestamp | null>;
  /** Set once every member was told that voting ended (claimed by a conditional UPDATE). */
  voting_ended_announced_at: Generated<Timestamp | null>;
  /** The last manual reminder: the next one is possible 12 hours later. */
  last_manual_reminder_at: Generated<Timestamp | null>;
  /** When the automatic reminder before the deadline falls due; null when none is due. */
  automatic_reminder_due_at: Generated<Timestamp | null>;
  /** Who ended voting by hand and when (migration 017); null when the deadline simply passed. */
  voting_ended_by: Generated<number | null>;
  voting_ended_at: Generated<Timestamp | null>;
  /** The owner's vote (migration 020), as `team_members.submitted_at`/`reopened_at` for members. */
  owner_submitted_at: Generated<Timestamp | null>;
  owner_reopened_at: Generated<Timestamp | null>;
  /** Issue 29: the workspace whose members take part; null for personal and standalone team decisions. */
  workspace_id: Generated<number | null>;
}

export interface OptionsTable {
  id: Generated<number>;
  decision_id: number;
  name: string;
  position: number;
}

export interface CriteriaTable {
  id: Generated<number>;
  decision_id: number;
  name: string;
  importance: number;
  position: number;
  /** Must-have (issue 17): options below it, or without a value, are knocked out of the top. */
  minimum: Generated<number | null>;
  /** Scale anchors: what the lowest and the highest score mean; both null without anchors. */
  anchor_low: Generated<string | null>;
  anchor_high: Generated<string | null>;
  /** Issue 31: 'score' (by hand) or 'measure' (computed from a raw value in `unit`). */
  kind: Generated<'score' | 'measure'>;
  unit: Generated<string | null>;
  direction: Generated<'higher' | 'lower' | null>;
  /** null: the worst (best) raw value among the options. */
  worst: Generated<number | null>;
  best: Generated<number | null>;
}

export interface EvaluationsTable {
  id: Generated<number>;
  decision_id: number;
  option_id: number;
  criterion_id: number;
  user_id: number | null;
  value: number;
  explanation: string | null;
  /** 'fact': a team decision's raw value on a measured criterion, entered by owner or admin (issue 31). */
  generated_by: 'user' | 'ai' | 'fact';
  updated_at: Timestamp;
  /** A measured cell's raw value (issue 31); `value` holds the score computed from it. */
  measure: Generated<number | null>;
  /** Personal AI mode: what the AI proposed for this cell, kept when its owner changes the value. */
  ai_value: Generated<number | null>;
  ai_explanation: Generated<string | null>;
}

/** A team decision's AI opinion (issue 18): apart from the votes, never counted in the team result. */
export interface AiOpinionsTable {
  decision_id: number;
  option_id: number;
  criterion_id: number;
  value: number;
  explanation: string | null;
  created_at: Timestamp;
}

/** Issue 27: per cell, how many members gave each value 0–10 (kept by triggers, migration 022). */
export interface CellVoteTalliesTable {
  decision_id: number;
  option_id: number;
  criterion_id: number;
  votes_0: number;
  votes_1: number;
  votes_2: number;
  votes_3: number;
  votes_4: number;
  votes_5: number;
  votes_6: number;
  votes_7: number;
  votes_8: number;
  votes_9: number;
  votes_10: number;
}

/** Issue 27: per member of a team decision, how many cells they scored (kept by triggers). */
export interface VoterVoteTalliesTable {
  decision_id: number;
  user_id: number;
  scored_cells: number;
}

export interface WeightsTable {
  decision_id: number;
  criterion_id: number;
  user_id: number;
  weight: number;
  updated_at: Timestamp;
}

export interface TeamMembersTable {
  id: Generated<number>;
  decision_id: number;
  user_id: number;
  role: TeamRole;
  created_at: Timestamp;
  /** Issue 27: the member submitted their vote (final until reopened); null while not submitted. */
  submitted_at: Generated<Timestamp | null>;
  /** The owner or an admin reopened the vote; cleared when the member submits anew. */
  reopened_at: Generated<Timestamp | null>;
  /** Issue 29: 1 when the membership comes from the decision's workspace. */
  via_workspace: Generated<number>;
  /** Issue 29: 1 once the decision's owner set this member's role here; workspace role changes skip it. */
  role_pinned: Generated<number>;
  /** Issue 29: left the workspace after the decision closed; votes stay and count, access is gone. */
  left_at: Generated<Timestamp | null>;
}

export interface CommentsTable {
  id: Generated<number>;
  decision_id: number;
  user_id: number;
  text: string;
  /** The cell the comment is about: both set, or both null for a comment on the whole decision. */
  option_id: Generated<number | null>;
  criterion_id: Generated<number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type InvitationRole = 'editor' | 'viewer';

export interface InvitationsTable {
  id: Generated<number>;
  decision_id: number;
  inviter_id: number;
  email: string;
  role: InvitationRole;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: number | null;
  revoked_at: Timestamp | null;
  /** 1 while the mail waits for the inviter's address to be confirmed; 0 or 1 on both engines. */
  mail_held: Generated<number>;
  /** Hash of the token in the mail sent after a hold (the first token only went to the inviter). */
  mail_token_hash: Generated<string | null>;
}

/**
 * Further tokens of one invitation (migration 018): the link token of each re-send (`mailed` 0, shown
 * to the inviter) and the token of each mail to the invitee (`mailed` 1, seen by nobody else).
 */
export interface InvitationTokensTable {
  token_hash: string;
  invitation_id: number;
  mailed: Generated<number>;
  created_at: Timestamp;
}

export type NotificationKind =
  | 'invitation'
  | 'invitation_accepted'
  | 'decision_activated'
  | 'comment'
  | 'ai_completed'
  | 'deadline_changed'
  | 'voting_ended'
  | 'role_changed'
  | 'member_removed'
  | 'reminder'
  | 'outcome_recorded'
  | 'review_due'
  | 'vote_reopened'
  /** Issue 28: the owner deleted their account and the decision passed to the recipient. */
  | 'ownership_received'
  /** Issue 29: the owner deleted their account and the workspace passed to the recipient. */
  | 'workspace_ownership_received'
  /** Issue 29: someone invited the recipient to a workspace (link: the invite page with the token). */
  | 'workspace_invitation';

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: NotificationKind;
  /** JSON object of message parameters. */
  params: string;
  link: string | null;
  decision_id: number | null;
  invitation_id: number | null;
  inviter_id: number | null;
  /** 0 or 1 on both engines. */
  read: number;
  created_at: Timestamp;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface EmailVerificationTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A requested change of address (migration 025): the link mailed to `new_email` applies it. */
export interface EmailChangeTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  new_email: string;
  /** SHA-256 of the account's password hash at the request; a new password voids the link. */
  password_fingerprint: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  firstname: string;
  lastname: string;
  email: string;
  topic: string | null;
  message: string;
  language: string;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment: Buffer | null;
  created_at: Timestamp;
}

export interface AiUsageTable {
  user_id: number;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  count: number;
}

export interface AiRunsTable {
  decision_id: number;
  user_id: number;
  started_at: Timestamp;
}

/** Epoch milliseconds (bigint): bookkeeping compared and added in SQL, never presented. */
export type EpochMs = number;

/** One fixed-window counter shared by every instance (rate limits, failed logins, AI bursts). */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  reset_at: EpochMs;
  last_hit_at: EpochMs;
}

/** A periodic job's schedule, claimed by one instance per run (server/scheduler.ts). */
export interface ScheduledJobsTable {
  name: string;
  next_run_at: EpochMs;
  locked_until: EpochMs | null;
  last_finished_at: EpochMs | null;
}

/** A user's authenticator (migration 023); `confirmed_at` null while enrolment is unproven. */
export interface TotpCredentialsTable {
  user_id: number;
  /** Base32, as the authenticator app got it; stored plainly (no encryption key in this codebase). */
  secret: string;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
  /** RFC 6238 time step of the last accepted code: replays of it or older steps are refused. */
  last_used_step: number | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

/** Between a right password and the second factor: spent by one success or too many wrong codes. */
export interface MfaChallengesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  failed_attempts: Generated<number>;
  /** 1 when the password step found a password from before today's rules. */
  password_change_required: Generated<number>;
}

/** A registered passkey (WebAuthn credential, migration 024); written by modules/passkeys. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url */
  credential_id: string;
  public_key: Buffer;
  counter: number;
  /** JSON array of AuthenticatorTransport names. */
  transports: string;
  /** base64url of the user handle the authenticator holds. */
  user_handle: string;
  name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

export type PasskeyChallengePurpose = 'registration' | 'authentication';

/** A ceremony's challenge, single use, for a few minutes (migration 024). */
export interface PasskeyChallengesTable {
  /** base64url, as in the options and in the client's clientDataJSON. */
  challenge: string;
  purpose: PasskeyChallengePurpose;
  user_id: number | null;
  user_handle: string | null;
  expires_at: Timestamp;
}

export type WorkspaceRole = 'owner' | 'admin' | 'member';

export interface WorkspacesTable {
  id: Generated<number>;
  name: string;
  owner_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WorkspaceMembersTable {
  workspace_id: number;
  user_id: number;
  role: WorkspaceRole;
  joined_at: Timestamp;
}

export interface WorkspaceInvitationsTable {
  id: Generated<number>;
  workspace_id: number;
  inviter_id: number;
  email: string;
  role: Exclude<WorkspaceRole, 'owner'>;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: number | null;
  revoked_at: Timestamp | null;
}

export interface WorkspaceCriteriaSetsTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  /** JSON array of shared/api/workspaces.ts `CriteriaSetCriterion`. */
  criteria: string;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Issue 30: one row per change of a decision (server/modules/history), newest read first. */
export interface DecisionHistoryTable {
  id: Generated<number>;
  decision_id: number;
  at: Timestamp;
  /** shared/api/history.ts `HistoryKind`. */
  kind: string;
  /** null: System (a job such as the deadline passing). */
  actor_id: number | null;
  /** The member that member kinds are about. */
  subject_id: number | null;
  /** JSON array of shared/api/history.ts `HistoryChange`. */
  changes: string;
  /** The personal decision's save this entry belongs to (decision_versions.id). */
  version_id: number | null;
}

/** Issue 30: a personal decision's matrix right after one save. */
export interface DecisionVersionsTable {
  id: Generated<number>;
  decision_id: number;
  created_at: Timestamp;
  /** JSON of shared/api/history.ts `StoredMatrix`. */
  matrix: string;
}

export type SnapshotReason = 'voting_ended' | 'outcome_recorded' | 'manual';

/** Issue 30: a decision's result frozen at one moment (JSON in `result`), never changed afterwards. */
export interface DecisionSnapshotsTable {
  id: Generated<number>;
  decision_id: number;
  at: Timestamp;
  reason: SnapshotReason;
  label: string | null;
  result: string;
}

/** Issue 32: a user's secret calendar feed (migration 031); the token is stored so the URL can be shown again. */
export interface CalendarFeedsTable {
  user_id: number;
  /** base64url, 32 random bytes. */
  token: string;
  created_at: Timestamp;
}

/** Issue 32: an outbound webhook of a team decision or (every decision of) a workspace. */
export interface WebhooksTable {
  id: Generated<number>;
  workspace_id: number | null;
  decision_id: number | null;
  url: string;
  /** Kept as given: every delivery is signed with it. */
  secret: string;
  /** JSON array of shared/api/webhooks.ts `WebhookEvent`. */
  events: string;
  format: 'json' | 'slack';
  created_by: number | null;
  created_at: Timestamp;
}

/** Issue 32: one event for one webhook (the outbox), attempted until delivered or given up. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  decision_id: number;
  event_id: string;
  event: string;
  once_key: string | null;
  body: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: Timestamp;
  delivered_at: Timestamp | null;
  next_attempt_at: EpochMs | null;
  locked_until: EpochMs | null;
  lease: string | null;
}

export type ApiTokenScope = 'read' | 'write';

/** Issue 32: personal access tokens; only the hash of a token is kept. */
export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  scope: ApiTokenScope;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  expires_at: Timestamp | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  avatars: AvatarsTable;
  decisions: DecisionsTable;
  options: OptionsTable;
  criteria: CriteriaTable;
  evaluations: EvaluationsTable;
  weights: WeightsTable;
  cell_vote_tallies: CellVoteTalliesTable;
  voter_vote_tallies: VoterVoteTalliesTable;
  team_members: TeamMembersTable;
  comments: CommentsTable;
  invitations: InvitationsTable;
  invitation_tokens: InvitationTokensTable;
  notifications: NotificationsTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_verification_tokens: EmailVerificationTokensTable;
  email_change_tokens: EmailChangeTokensTable;
  contact_messages: ContactMessagesTable;
  ai_usage: AiUsageTable;
  ai_runs: AiRunsTable;
  ai_opinions: AiOpinionsTable;
  rate_limit_counters: RateLimitCountersTable;
  scheduled_jobs: ScheduledJobsTable;
  totp_credentials: TotpCredentialsTable;
  recovery_codes: RecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  workspace_invitations: WorkspaceInvitationsTable;
  workspace_criteria_sets: WorkspaceCriteriaSetsTable;
  decision_history: DecisionHistoryTable;
  decision_versions: DecisionVersionsTable;
  decision_snapshots: DecisionSnapshotsTable;
  calendar_feeds: CalendarFeedsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
