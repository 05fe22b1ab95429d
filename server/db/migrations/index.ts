import type { Migration } from 'kysely';
import * as accounts from './001_accounts.ts';
import * as decisions from './002_decisions.ts';
import * as team from './003_team.ts';
import * as mailFlows from './004_mail_flows.ts';
import * as ai from './005_ai.ts';
import * as integrity from './006_integrity.ts';
import * as emailVerification from './007_email_verification.ts';
import * as recomputeScores from './008_recompute_scores.ts';
import * as sharedLimitsAndJobs from './009_shared_limits_and_jobs.ts';
import * as resultsVisibilityCellComments from './010_results_visibility_cell_comments.ts';
import * as outcomeReminders from './011_outcome_reminders.ts';
import * as criterionMinimumAnchors from './012_criterion_minimum_anchors.ts';
import * as aiSecondOpinion from './013_ai_second_opinion.ts';
import * as honestScores from './016_honest_scores.ts';
import * as votingEndedBy from './017_voting_ended_by.ts';
import * as invitationTokens from './018_invitation_tokens.ts';
import * as changeNotifications from './019_change_notifications.ts';
import * as bindingVotes from './020_binding_votes.ts';
import * as decisionListIndexes from './021_decision_list_indexes.ts';
import * as voteTallies from './022_vote_tallies.ts';
import * as totp from './023_totp.ts';
import * as passkeys from './024_passkeys.ts';
import * as sessionsEmailChange from './025_sessions_email_change.ts';
import * as accountDeletion from './026_account_deletion.ts';
import * as workspaces from './027_workspaces.ts';
import * as history from './028_history.ts';
import * as snapshots from './029_snapshots.ts';
import * as measuredCriteria from './030_measured_criteria.ts';
import * as calendarFeeds from './031_calendar_feeds.ts';
import * as webhooks from './032_webhooks.ts';
import * as apiTokens from './033_api_tokens.ts';

// Listed statically so the compiled server needs no directory scan at start.
export const migrations: Record<string, Migration> = {
  '001_accounts': accounts,
  '002_decisions': decisions,
  '003_team': team,
  '004_mail_flows': mailFlows,
  '005_ai': ai,
  '006_integrity': integrity,
  '007_email_verification': emailVerification,
  '008_recompute_scores': recomputeScores,
  '009_shared_limits_and_jobs': sharedLimitsAndJobs,
  '010_results_visibility_cell_comments': resultsVisibilityCellComments,
  '011_outcome_reminders': outcomeReminders,
  '012_criterion_minimum_anchors': criterionMinimumAnchors,
  '013_ai_second_opinion': aiSecondOpinion,
  '016_honest_scores': honestScores,
  '017_voting_ended_by': votingEndedBy,
  '018_invitation_tokens': invitationTokens,
  '019_change_notifications': changeNotifications,
  '020_binding_votes': bindingVotes,
  '021_decision_list_indexes': decisionListIndexes,
  '022_vote_tallies': voteTallies,
  '023_totp': totp,
  '024_passkeys': passkeys,
  '025_sessions_email_change': sessionsEmailChange,
  '026_account_deletion': accountDeletion,
  '027_workspaces': workspaces,
  '028_history': history,
  '029_snapshots': snapshots,
  '030_measured_criteria': measuredCriteria,
  '031_calendar_feeds': calendarFeeds,
  '032_webhooks': webhooks,
  '033_api_tokens': apiTokens,
};
