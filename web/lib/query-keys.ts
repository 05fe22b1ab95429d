/**
 * Query keys per resource, in one place: a feature invalidates another's cache through these without
 * importing that feature. Mutations invalidate the list and the one decision they touched.
 */
export const decisionKeys = {
  all: ['decisions'] as const,
  list: () => [...decisionKeys.all, 'list'] as const,
  details: (id: number) => [...decisionKeys.all, 'details', id] as const,
  type: (id: number) => [...decisionKeys.all, 'type', id] as const,
  /**
   * Issue 30: under the details' key on purpose, so whatever reloads a decision's details (its mutations,
   * the live `decision-changed` event, a reconnect) reloads its history and snapshots too.
   */
  history: (id: number) => [...decisionKeys.details(id), 'history'] as const,
  snapshots: (id: number) => [...decisionKeys.details(id), 'snapshots'] as const,
  /** A saved version never changes: outside the details' key, loaded once. */
  version: (id: number, versionId: number) => [...decisionKeys.all, 'version', id, versionId] as const,
};

/** Team data lives beside the decision's details (shared with the personal pages' cache). */
export const teamKeys = {
  all: ['team'] as const,
  members: (decisionId: number) => [...teamKeys.all, 'members', decisionId] as const,
  invitation: (token: string) => [...teamKeys.all, 'invitation', token] as const,
};

export const commentKeys = {
  all: ['comments'] as const,
  forDecision: (decisionId: number) => ['comments', decisionId] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

export const aiKeys = { status: ['ai', 'status'] as const };

/** Whether the signed-in user has two-step sign-in on (profile page). */
export const twoStepKeys = { status: ['two-step', 'status'] as const };
/** The signed-in user's passkeys (profile page). */
export const passkeyKeys = { list: ['passkeys', 'list'] as const };

/** Issue 32: the caller's personal access tokens. */
export const apiTokenKeys = { list: ['api-tokens', 'list'] as const };

/** Issue 29: the caller's workspaces, one workspace's page and its shared criteria sets. */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: () => [...workspaceKeys.all, 'list'] as const,
  details: (id: number) => [...workspaceKeys.all, 'details', id] as const,
  criteriaSets: (id: number) => [...workspaceKeys.all, 'criteria-sets', id] as const,
  invitation: (token: string) => [...workspaceKeys.all, 'invitation', token] as const,
};

/** Issue 32: the signed-in user's calendar feed URL (profile page). */
export const calendarKeys = { feed: ['calendar', 'feed'] as const };
/** Issue 32: the webhooks of a team decision or a workspace, and one webhook's deliveries. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (scope: string) => [...webhookKeys.all, 'list', scope] as const,
  deliveries: (id: number) => [...webhookKeys.all, 'deliveries', id] as const,
};
