import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { displayNameOfAccount } from '../shared/display-name.ts';
import { LIMITS } from '../shared/limits.ts';
import { fastifyTrustProxy, isTrustedProxyPeer, type AppConfig } from './config.ts';
import { logSerializers } from './log-redaction.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database.ts';
import { createRateLimitCounters } from './db/rate-limit-counters.ts';
import { createEventSubscriber } from './events/subscriber.ts';
import { accountRoutes, createAccountRepo, createAccountService } from './modules/account/index.ts';
import {
  apiTokensRoutes,
  createApiTokenVerifier,
  createApiTokensRepo,
  createApiTokensService,
} from './modules/api-tokens/index.ts';
import { calendarRoutes, createCalendarRepo, createCalendarService } from './modules/calendar/index.ts';
import { aiRoutes, createAiModelClient, createAiService, createAiUsageRepo } from './modules/ai/index.ts';
import {
  createLoginThrottle,
  createSessionsRepo,
  authRoutes,
  createAuthService,
  sessionsRoutes,
  verifyPassword,
} from './modules/auth/index.ts';
import { createContactRepo, contactRoutes, createContactService } from './modules/contact/index.ts';
import {
  createCommentsRepo,
  commentsRoutes,
  createCommentsService,
  detachCellComments,
} from './modules/comments/index.ts';
import {
  createDecisionsRepo,
  decisionsRoutes,
  createDecisionsService,
  decisionAccessPlugin,
} from './modules/decisions/index.ts';
import {
  createEmailVerificationRepo,
  emailVerificationRoutes,
  createEmailVerificationService,
} from './modules/email-verification/index.ts';
import {
  createEmailChangeRepo,
  createEmailChangeService,
  emailChangeRoutes,
} from './modules/email-change/index.ts';
import { exportRoutes, createExportService } from './modules/export/index.ts';
import { createDecisionImportService, decisionImportRoutes } from './modules/decision-import/index.ts';
import { createHistoryRepo, createHistoryService, historyRoutes } from './modules/history/index.ts';
import { createMfaRepo, createMfaService, mfaRoutes } from './modules/mfa/index.ts';
import { createReadiness, type Readiness, healthRoutes } from './modules/health/index.ts';
import {
  createAvatarsRepo,
  createUsersRepo,
  usersRoutes,
  createUsersService,
} from './modules/users/index.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { operatorRoutes } from './modules/operator/index.ts';
import {
  createNotificationsRepo,
  notificationsRoutes,
  createNotificationsService,
} from './modules/notifications/index.ts';
import {
  createPasswordResetRepo,
  passwordResetRoutes,
  createPasswordResetService,
} from './modules/password-reset/index.ts';
import { createOutcomeRepo, outcomeRoutes, createOutcomeService } from './modules/outcome/index.ts';
import { createPasskeysRepo, createPasskeysService, passkeysRoutes } from './modules/passkeys/index.ts';
import {
  createReminders,
  createRemindersRepo,
  reminderRecipientsOf,
  createTeamRepo,
  createTeamVoting,
  createVotingEndRepo,
  teamRoutes,
  createTeamService,
  createWorkspaceDecisionSync,
} from './modules/team/index.ts';
import { createWebhooks, webhooksRoutes, type WebhookWorker } from './modules/webhooks/index.ts';
import {
  createWorkspaceErasureRepo,
  authorizeWorkspace,
  createWorkspaceMembershipRepo,
  createWorkspacesRepo,
  createWorkspacesService,
  workspacesRoutes,
} from './modules/workspaces/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { createLocalEventBus, createPostgresEventBus, type EventBus } from './realtime/event-bus.ts';
import { eventsRoutes } from './realtime/routes.ts';
import { createSessionStreams } from './realtime/session-streams.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { answerClientError, connectionLimitPlugin, httpServerOptionsOf } from './plugins/request-limits.ts';
import { requestLanguagePlugin } from './plugins/request-language.ts';
import { RequestLogController, requestIdOf, requestLogPlugin } from './plugins/request-log.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { securityPlugin } from './plugins/security.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { registerLifecycleJobs } from './lifecycle-jobs.ts';
import { registerPurgeJobs } from './purge-jobs.ts';
import { registerRetentionJobs } from './retention-jobs.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';
import { setupNoticesOf } from './setup-notices.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** Live events (and, on PostgreSQL, the listener the caches depend on). */
    eventBus: EventBus;
    mailer: Mailer;
    /** Periodic jobs, each run once across instances. */
    scheduler: Scheduler;
    /** main.ts starts draining at SIGTERM/SIGINT; GET /api/ready reports it. */
    readiness: Readiness;
    /** Issue 32: sends the webhook outbox (tests wait for it with `idle()` or run `deliverDue()`). */
    webhookWorker: WebhookWorker;
  }
}

export interface BuildAppOptions {
  /** pino logger options; false silences logs (tests). A stream lets a test read what is logged. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
}

/** The Fastify instance with the app's logging, limits, proxy trust and (de)serialisation. */
function createFastify(config: AppConfig, options: BuildAppOptions): FastifyInstance {
  const logger = options.logger ?? { level: config.logLevel };
  const app = Fastify({
    // Tokens in URLs (reset and invitation links) never reach the log; see log-redaction.ts.
    logger: logger === false ? false : { ...(logger === true ? {} : logger), serializers: logSerializers },
    // One line per request instead of Fastify's two (see plugins/request-log.ts).
    logController: new RequestLogController(),
    genReqId: requestIdOf,
    bodyLimit: LIMITS.jsonBodyBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A request must arrive within REQUEST_TIMEOUT_MS (headers within HEADERS_TIMEOUT_MS), else 408;
    // the answer is not bounded, so live-events streams stay open (plugins/request-limits.ts).
    requestTimeout: config.requests.timeoutMs,
    http: httpServerOptionsOf(config.requests),
    clientErrorHandler: answerClientError,
    // Stop accepting at shutdown but let in-flight requests finish (see main.ts).
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Long path parameters reach the route's own validation (and our error format) instead of a
    // bare 414 from the router; routes still cap their params (e.g. tokens at 200 characters).
    routerOptions: { maxParamLength: 2000 },
  });
  for (const notice of setupNoticesOf(config)) app.log[notice.level](notice.message);
  app.setValidatorCompiler(validatorCompiler);
  // Tests check every response against its zod schema; in production the presenters already pick
  // the fields, so plain JSON.stringify saves a full parse per response.
  app.setSerializerCompiler(
    config.env === 'test' ? serializerCompiler : () => (data) => JSON.stringify(data),
  );
  return app;
}

/** How long shutdown waits for webhook attempts in flight (a cut-off one is attempted again later). */
const WEBHOOK_SHUTDOWN_WAIT_MS = 5_000;

/** Database, live events, shared counters, periodic jobs and readiness: what every module stands on. */
async function openInfrastructure(app: FastifyInstance, config: AppConfig) {
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
  });
  app.decorate('database', database);
  app.addHook('onClose', async () => database.close());
  await migrateToLatest(database, config.databaseSchema);

  const eventBus =
    database.pool && database.connectListener
      ? await createPostgresEventBus({
          pool: database.pool,
          connectListener: database.connectListener,
          scope: database.scope,
          log: app.log,
          changes: database.changes,
        })
      : createLocalEventBus(app.log);
  app.decorate('eventBus', eventBus);
  app.addHook('onClose', async () => eventBus.close());
  const sessionStreams = createSessionStreams(eventBus);
  // Rate limits, failed logins and AI bursts count here, shared by every instance on the database.
  const counters = createRateLimitCounters(database.db);
  const scheduler = createScheduler({ db: database.db, log: app.log, pollMs: config.schedulerPollMs });
  app.decorate('scheduler', scheduler);
  app.addHook('onReady', async () => scheduler.start());
  // preClose: a running job finishes before the database closes.
  app.addHook('preClose', async () => scheduler.stop());
  const readiness = createReadiness();
  app.decorate('readiness', readiness);
  return { database, eventBus, sessionStreams, counters, scheduler, readiness };
}

type Infrastructure = Awaited<ReturnType<typeof openInfrastructure>>;

/** Decisions, comments, team, reminders, outcomes and AI, over one event subscriber. */
function createDecisionModules(
  app: FastifyInstance,
  config: AppConfig,
  infrastructure: Infrastructure,
  mailer: Mailer,
) {
  const { database, eventBus, counters, scheduler } = infrastructure;
  // Comments read decisions through their front door; decisions get the one comments write they need here.
  const decisionsRepo = createDecisionsRepo(database.db, { detachCellComments });
  const commentsRepo = createCommentsRepo(database.db);
  const notificationsService = createNotificationsService({
    notifications: createNotificationsRepo(database.db),
    eventBus,
  });
  // Issue 32: the webhooks outbox is written in each change's transaction (through the history
  // recorder and the comments' hook); its worker is nudged once the change committed (`nudgeAfter`).
  const webhooks = createWebhooks({
    db: database.db,
    config: config.webhooks,
    decisions: decisionsRepo,
    appUrl: config.appUrl,
    authorizeDecision: async (decisionId, userId) => {
      await decisionsService.authorizedAccess(decisionId, userId, 'manageWebhooks');
    },
    authorizeWorkspace: async (workspaceId, userId) => {
      const memberships = createWorkspaceMembershipRepo(database.db);
      authorizeWorkspace(await memberships.membershipOf(workspaceId, userId), 'manageWebhooks');
    },
    log: app.log,
  });
  app.decorate('webhookWorker', webhooks.worker);
  app.addHook('onReady', async () => webhooks.worker.start());
  // preClose: attempts in flight get a moment to finish before the database closes.
  app.addHook('preClose', async () => webhooks.worker.stop(WEBHOOK_SHUTDOWN_WAIT_MS));
  // Notifications and live events of every write go through this one subscriber.
  const emit = webhooks.nudgeAfter(
    createEventSubscriber({
      decisions: decisionsRepo,
      comments: commentsRepo,
      notificationsService,
      eventBus,
      log: app.log,
    }),
  );
  // Issue 30: every write records its history in its own transaction through this recorder.
  const historyRepo = createHistoryRepo(database.db);
  const decisionsService = createDecisionsService({
    history: webhooks.outbox.recorderWith(historyRepo.recorder),
    decisions: decisionsRepo,
    emit,
    changes: database.changes,
    // Who a reminder reaches is team voting's rule; the details count them with it.
    reminderRecipientsOf,
    maxOwnedPerUser: config.decisionLimits.maxPerUser,
  });
  const commentsService = createCommentsService({
    comments: commentsRepo,
    decisionsService,
    emit,
    onCommentStored: (trx, comment) => webhooks.outbox.commentAdded(trx, comment),
  });
  const teamRepo = createTeamRepo(database.db);
  const teamService = createTeamService({
    team: teamRepo,
    decisionsService,
    emit,
    mailer,
    appUrl: config.appUrl,
  });
  // Issue 29: what workspace membership changes do to workspace decisions (the workspaces module's port).
  const workspaceDecisionSync = createWorkspaceDecisionSync({
    team: teamRepo,
    writeContext: decisionsService.writeContext,
    memberships: createWorkspaceMembershipRepo(database.db),
  });
  const workspacesService = createWorkspacesService({
    workspaces: createWorkspacesRepo(database.db),
    memberships: createWorkspaceMembershipRepo(database.db),
    // Membership changes reach the workspace's decisions through the team module.
    sync: workspaceDecisionSync,
    users: createUsersRepo(database.db),
    // The daily cap of invitation mails counts decision and workspace invitations together.
    countDecisionInvitationMailsSince: (inviterId, since) => teamRepo.countSentSince(inviterId, since),
    emit,
    mailer,
    appUrl: config.appUrl,
  });
  const teamVoting = createTeamVoting({
    decisionsService,
    votingEnds: createVotingEndRepo(database.db),
    team: teamRepo,
    workspaceSync: workspaceDecisionSync,
    mailer,
    appUrl: config.appUrl,
  });

  const reminders = createReminders({
    reminders: createRemindersRepo(database.db),
    decisionsService,
    emit,
    mailer,
    appUrl: config.appUrl,
  });
  const outcomeService = createOutcomeService({
    outcomes: createOutcomeRepo(database.db),
    decisionsService,
    emit,
  });
  registerLifecycleJobs(scheduler, {
    announceDueVotingEnds: (now) => teamVoting.announceDueVotingEnds(now),
    sendDueAutomaticReminders: (now) => reminders.sendDueAutomaticReminders(now),
    notifyDueReviews: (now) => outcomeService.notifyDueReviews(now),
    log: app.log,
  });
  const aiService = createAiService({
    config: config.ai,
    client: config.ai.provider
      ? createAiModelClient(config.ai.provider, { timeoutMs: config.ai.timeoutMs, log: app.log })
      : undefined,
    usage: createAiUsageRepo(database.db),
    counters,
    decisionsService,
    announceVotingEnded: (decisionId) => teamVoting.announceVotingEnded(decisionId),
  });
  const historyService = createHistoryService({ history: historyRepo, decisionsService });
  return {
    decisionsService,
    historyService,
    webhooksService: webhooks.service,
    commentsService,
    notificationsService,
    teamRepo,
    teamService,
    teamVoting,
    workspaceDecisionSync,
    workspacesService,
    reminders,
    outcomeService,
    aiService,
  };
}

/** Accounts: users, sessions, e-mail confirmation, password reset, and the contact form. */
function createAccountModules(
  app: FastifyInstance,
  config: AppConfig,
  infrastructure: Infrastructure,
  mailer: Mailer,
  team: Pick<ReturnType<typeof createDecisionModules>, 'teamRepo' | 'teamService' | 'workspacesService'>,
) {
  const { database, sessionStreams, counters, scheduler } = infrastructure;
  const { teamRepo, teamService, workspacesService } = team;
  const users = createUsersRepo(database.db);
  const sessionsRepo = createSessionsRepo(database.db);
  const usersService = createUsersService({ users, avatars: createAvatarsRepo(database.db) });
  app.addHook('onClose', async () => usersService.close());

  const emailVerificationService = createEmailVerificationService({
    verifications: createEmailVerificationRepo(database.db, { users }),
    users,
    mailer,
    appUrl: config.appUrl,
    onVerified: (user) => teamService.releaseHeldInvitationMails(user),
  });
  // One throttle for both login steps: wrong codes count like wrong passwords.
  const loginThrottle = createLoginThrottle({ counters });
  const mfaService = createMfaService({ mfa: createMfaRepo(database.db), users, loginThrottle });
  const authService = createAuthService({
    users,
    sessions: sessionsRepo,
    changes: database.changes,
    loginThrottle,
    counters,
    sessionStreams,
    prepareConfirmationMail: (user, language) => emailVerificationService.prepareMail(user, language),
    mailer,
    appUrl: config.appUrl,
    // A decision's or a workspace's invitation token (issue 29) proves the address it was mailed to.
    isInvitedAddress: async (inviteToken, email) =>
      (await teamService.isAddressProven(inviteToken, email)) ||
      (await workspacesService.acceptance.isAddressProven(inviteToken, email)),
    startSecondFactorStep: (userId, passwordChangeRequired) =>
      mfaService.startSignInStep(userId, passwordChangeRequired),
  });
  const passkeysService = createPasskeysService({
    passkeys: createPasskeysRepo(database.db),
    users,
    // The counts live in the database, so this throttle and the password login's see the same failures.
    loginThrottle: createLoginThrottle({ counters }),
    startSession: (userId, client) => authService.startSession(userId, client),
    relyingParty: config.passkeys,
    mailer,
    appUrl: config.appUrl,
  });
  const apiTokensRepo = createApiTokensRepo(database.db);
  const apiTokensService = createApiTokensService({ tokens: apiTokensRepo });
  const apiTokenVerifier = createApiTokenVerifier(apiTokensRepo);
  registerPurgeJobs(scheduler, {
    db: database.db,
    counters,
    purgeExpiredSessions: () => authService.purgeExpiredSessions(),
    deleteClosedInvitations: (window) => teamRepo.deleteClosed(window),
    deleteClosedWorkspaceInvitations: (window) =>
      createWorkspacesRepo(database.db).deleteClosedInvitations(window),
    purgeEndedSignInSteps: () => mfaService.purgeEndedSignInSteps(),
    purgeExpiredPasskeyChallenges: () => passkeysService.purgeExpiredChallenges(),
    log: app.log,
  });

  const emailChangeService = createEmailChangeService({
    changes: createEmailChangeRepo(database.db, { users }),
    users,
    counters,
    mailer,
    appUrl: config.appUrl,
    onConfirmed: (user) => teamService.releaseHeldInvitationMails(user),
  });

  const passwordResetService = createPasswordResetService({
    resets: createPasswordResetRepo(database.db, { users, sessions: sessionsRepo }),
    users,
    mailer,
    appUrl: config.appUrl,
    log: app.log,
    sessionStreams,
  });
  const contactService = createContactService({
    contact: createContactRepo(database.db),
    mailer,
    recipient: config.contactTo ?? config.mailFrom,
    mailLanguage: config.contactLanguage,
  });
  return {
    users,
    sessionsRepo,
    usersService,
    emailVerificationService,
    authService,
    mfaService,
    passkeysService,
    apiTokensService,
    apiTokenVerifier,
    emailChangeService,
    passwordResetService,
    contactService,
  };
}

/** Every module's repos and services, wired once; the mailer is shared by all that send mail. */
function createServices(app: FastifyInstance, config: AppConfig, infrastructure: Infrastructure) {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
    retryDelaysMs: config.mailRetryDelaysMs,
  });
  app.addHook('onClose', async () => mailer.close());
  app.decorate('mailer', mailer);
  const decisionModules = createDecisionModules(app, config, infrastructure, mailer);
  const accountModules = createAccountModules(app, config, infrastructure, mailer, decisionModules);
  const { decisionsService, commentsService, teamRepo } = decisionModules;
  const { users, sessionsRepo, mfaService, apiTokensService } = accountModules;
  registerRetentionJobs(infrastructure.scheduler, {
    retention: config.retention,
    deleteUnconfirmedAccounts: (createdBefore) => users.deleteUnconfirmedOwningNothing(createdBefore),
    endStreamsOf: (userId) => infrastructure.sessionStreams.endSessions(userId, { allExcept: null }),
    deleteNotifications: (createdBefore) =>
      createNotificationsRepo(infrastructure.database.db).deleteCreatedBefore(createdBefore),
    log: app.log,
  });
  const exportService = createExportService({
    decisionsService,
    displayNameOf: async (userId) => {
      const user = await users.findById(userId);
      return user ? displayNameOfAccount(user) : null;
    },
    // The PDF and CSV carry the newest entries as GET …/history answers the reader (issue 30).
    historyOf: async (access, language, limit) =>
      (await decisionModules.historyService.page(access, { limit }, language)).entries,
  });
  const calendarService = createCalendarService({
    calendar: createCalendarRepo(infrastructure.database.db),
    appUrl: config.appUrl,
  });
  const accountService = createAccountService({
    account: createAccountRepo(infrastructure.database.db),
    users,
    sessions: sessionsRepo,
    // Issue 32: the account's API tokens go with it, in the deletion's transaction.
    apiTokens: { deleteOfUser: (userId, trx) => apiTokensService.deleteOfUser(userId, trx) },
    team: teamRepo,
    notifications: createNotificationsRepo(infrastructure.database.db),
    decisions: decisionsService.writeContext,
    decisionsService,
    listComments: (access) => commentsService.list(access),
    exportService,
    verifyPassword,
    // Deleting an account asks for the second factor when one is on (modules/mfa).
    secondFactor: {
      isEnabled: (userId, executor) => mfaService.hasSecondFactor(userId, executor),
      verify: (userId, code, executor) => mfaService.verifySecondFactor(userId, code, executor),
    },
    sessionStreams: infrastructure.sessionStreams,
    mailer,
    appUrl: config.appUrl,
    workspaces: createWorkspaceErasureRepo(infrastructure.database.db),
    workspaceSync: decisionModules.workspaceDecisionSync,
    workspaceMemberships: createWorkspaceMembershipRepo(infrastructure.database.db),
    calendarFeeds: calendarService,
  });
  app.addHook('onClose', async () => exportService.close());
  return {
    ...decisionModules,
    ...accountModules,
    exportService,
    accountService,
    calendarService,
    decisionImportService: createDecisionImportService(),
  };
}

type Services = ReturnType<typeof createServices>;

/** Plugins first (logging, language, errors, security, limits, auth), then every module's routes. */
async function registerRoutes(
  app: FastifyInstance,
  config: AppConfig,
  { database, eventBus, sessionStreams, counters, readiness }: Infrastructure,
  services: Services,
): Promise<void> {
  const {
    authService,
    mfaService,
    usersService,
    decisionsService,
    historyService,
    commentsService,
    exportService,
    teamService,
    teamVoting,
    workspacesService,
    reminders,
    outcomeService,
    notificationsService,
    aiService,
    emailVerificationService,
    emailChangeService,
    passwordResetService,
    contactService,
    passkeysService,
    apiTokensService,
    apiTokenVerifier,
    accountService,
    calendarService,
    webhooksService,
    decisionImportService,
  } = services;
  await app.register(requestLogPlugin);
  await app.register(requestLanguagePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin);
  await app.register(connectionLimitPlugin, {
    limits: config.requests,
    isTrustedProxyPeer: isTrustedProxyPeer(config.trustProxy),
  });
  await app.register(compressionPlugin);
  await app.register(rateLimitPlugin, { counters });
  await app.register(multipart, { limits: { fileSize: LIMITS.avatar.maxBytes, files: 1, fields: 10 } });
  await app.register(openApiPlugin);
  await app.register(authPlugin, { authService, apiTokens: apiTokenVerifier });
  await app.register(decisionAccessPlugin, { decisionsService });

  await app.register(healthRoutes, { readiness });
  await app.register(authRoutes, { authService, perMinute: config.authRateLimitPerMinute });
  await app.register(mfaRoutes, {
    mfaService,
    startSession: (userId, client) => authService.startSession(userId, client),
    perMinute: config.authRateLimitPerMinute,
  });
  await app.register(passkeysRoutes, { passkeysService, perMinute: config.authRateLimitPerMinute });
  await app.register(sessionsRoutes, { authService });
  await app.register(apiTokensRoutes, { apiTokensService, perMinute: config.authRateLimitPerMinute });
  await app.register(usersRoutes, {
    usersService,
    avatarUploadsPerMinute: config.avatarUploadRateLimitPerMinute,
  });
  await app.register(accountRoutes, { accountService });
  await app.register(decisionsRoutes, {
    decisionsService,
    changes: database.changes,
    createdPerMinute: config.decisionLimits.createdPerMinute,
    voteWritesPerMinute: config.voteWritesPerMinute,
  });
  await app.register(commentsRoutes, { commentsService, rateLimit: config.commentRateLimit });
  await app.register(exportRoutes, { exportService });
  await app.register(calendarRoutes, { calendarService });
  await app.register(decisionImportRoutes, { decisionImportService });
  await app.register(teamRoutes, {
    teamService,
    teamVoting,
    decisionsService,
    reminders,
    perMinute: config.authRateLimitPerMinute,
    decisionsPerMinute: config.decisionLimits.createdPerMinute,
    voteWritesPerMinute: config.voteWritesPerMinute,
  });
  await app.register(workspacesRoutes, { workspacesService, perMinute: config.authRateLimitPerMinute });
  await app.register(outcomeRoutes, { outcomeService });
  await app.register(historyRoutes, { historyService, decisionsService });
  await app.register(webhooksRoutes, { webhooksService });
  await app.register(notificationsRoutes, { notificationsService, teamService });
  await app.register(aiRoutes, { aiService, decisionsService });
  await app.register(eventsRoutes, { eventBus, sessionStreams });
  await app.register(emailVerificationRoutes, {
    emailVerificationService,
    perMinute: config.authRateLimitPerMinute,
  });
  await app.register(emailChangeRoutes, { emailChangeService, perMinute: config.authRateLimitPerMinute });
  await app.register(passwordResetRoutes, { passwordResetService, perMinute: config.authRateLimitPerMinute });
  await app.register(contactRoutes, { contactService, perHour: config.contactRateLimitPerHour });
  await app.register(operatorRoutes, { operator: config.operator, retention: config.retention });
  if (config.webDir)
    await app.register(webAppPlugin, {
      webDir: config.webDir,
      isAiAvailable: config.ai.provider !== undefined,
    });
}

/** Builds the whole application without listening, so tests can use `app.inject()`. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = createFastify(config, options);
  const infrastructure = await openInfrastructure(app, config);
  const services = createServices(app, config, infrastructure);
  await registerRoutes(app, config, infrastructure, services);
  return app;
}
