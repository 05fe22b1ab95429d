// One source for every limit the server checks and the UI shows (counters, input bounds).
export const LIMITS = {
  // OWASP ASVS 5 L2 (issue 27): at least 12; accounts with a shorter one keep it until asked to change it.
  password: { min: 12, max: 128 },
  email: { max: 254 },
  nickname: { max: 20 },
  personName: { max: 60 },
  birthday: { min: '1900-01-01' },
  avatar: {
    maxBytes: 2 * 1024 * 1024,
    sizePx: 256,
    cacheSeconds: 3600,
    // Checked from the file's header before decoding: a small file can decode to gigabytes of pixels
    // (issue 27: a 118 KB PNG of 100,000 × 400 px). A decoded 4,096 × 4,096 RGBA picture is 64 MB.
    maxSidePx: 4096,
    maxPixels: 16_000_000,
    // Longer side ÷ shorter side; a profile picture is cropped to a square anyway.
    maxAspectRatio: 4,
    // Decodes running at once per instance; further uploads wait their turn.
    decodesAtOnce: 2,
    // Default of RATE_LIMIT_AVATAR_UPLOADS_PER_MINUTE (per user).
    uploadsPerUserPerMinute: 10,
  },
  jsonBodyBytes: 1024 * 1024,
  decision: {
    nameMax: 200,
    descriptionMax: 5000,
    optionNameMax: 200,
    criterionNameMax: 200,
    maxOptions: 50,
    maxCriteria: 30,
    importance: { min: 0, max: 100 },
    explanationMax: 1000,
    // Scale anchors: what the lowest and the highest score of a criterion mean ("> 2,000 €").
    anchorMax: 80,
    /** Issue 31: the unit of a measured criterion ("€", "km", "m²"). */
    unitMax: 12,
    // Issue 27: what one account can make the server hold and do. Owned decisions (personal and team;
    // deleted ones are gone) and new ones per minute: defaults of MAX_DECISIONS_PER_USER and
    // RATE_LIMIT_DECISIONS_PER_MINUTE.
    maxPerUser: 1000,
    createdPerUserPerMinute: 30,
    // Default of RATE_LIMIT_VOTES_PER_MINUTE: evaluate, weights and team-edit saves per user, one count
    // (a voter saving cell by cell stays far below; a script re-writing votes does not).
    voteWritesPerUserPerMinute: 120,
    // GET /api/decision answers at most this many cards per page (?limit= may ask for fewer).
    listPageMax: 100,
    // ?q= searches names; a longer needle cannot match a name anyway.
    listSearchMax: 200,
  },
  // Evaluation scales of SPEC.md section 9: one per decision on every screen of it (DESIGN.md):
  // personal decisions 1–10, team decisions 0–10; the /evaluation calculator 1–5.
  scales: {
    personal: { min: 1, max: 10 },
    team: { min: 0, max: 10 },
    simpleForm: { min: 1, max: 5 },
    weight: { min: 0, max: 100 },
  },
  // Per user, so nobody floods a public decision's owner with comments and notifications.
  comment: { max: 2000, perUserPerMinute: 10, perUserPerHour: 100 },
  team: {
    deadlineMinMinutes: 5,
    invitationDays: 7,
    // Invitation mails per account in 24 hours: enough for a real team, too few for a spam run;
    // an account younger than a day (newAccountHours) gets the lower cap.
    invitationMailsPerDay: { established: 50, newAccount: 10 },
    newAccountHours: 24,
    pendingInvitationsPerDecision: 50,
    // Issue 27: members per decision, the owner included, so a vote's cost stays bounded. Inviting
    // counts members and open invitations; accepting re-checks the members (409 TOO_MANY_MEMBERS).
    maxMembersPerDecision: 1000,
    // One invitation mail per address and decision this often: sending again sooner answers 429.
    sameAddressMailEveryMinutes: 60,
  },
  // Issue 29: standing teams. A workspace decision gives every member a place, so a workspace holds at
  // most as many people as a decision may.
  workspace: {
    nameMax: 100,
    maxOwnedPerUser: 20,
    maxMembers: 1000,
    invitationDays: 14,
    pendingInvitationsPerWorkspace: 100,
    criteriaSetsPerWorkspace: 50,
    criteriaSetNameMax: 200,
  },
  // Issue 32: outbound webhooks. Few per decision or workspace (each one is a POST per event), a URL as
  // long as real incoming-webhook URLs get, and the deliveries list shows the newest of a webhook.
  webhooks: {
    perScope: 10,
    urlMax: 2000,
    deliveriesShown: 50,
  },
  reminders: {
    // A manual "remind" per team decision at most this often, so nobody is nagged into leaving.
    manualEveryHours: 12,
    // The automatic reminder goes out this long before a deadline that was set further ahead than that.
    automaticHoursBeforeDeadline: 24,
  },
  ai: {
    // Defaults of AI_RATE_LIMIT_PER_MINUTE and AI_DAILY_LIMIT (per user).
    perUserPerMinute: 5,
    perUserPerDay: 50,
    // Default of AI_DAILY_BUDGET: upstream calls per UTC day for the whole installation, so a crowd
    // of free accounts cannot run up the provider's bill (100 users at their full daily limit).
    instancePerDay: 5000,
    // A reason is one sentence; longer ones are cut at a word boundary.
    explanationMax: 300,
    // Suggestions while setting up: at most this many options and this many criteria per call.
    suggestionsMax: 5,
    // The team view highlights cells where the AI opinion and the team differ by this much or more.
    opinionDifference: 3,
  },
  // A session ends after `days` without use and `absoluteDays` after it began, however active (issue 28).
  session: { days: 30, slideAfterMinutes: 60, absoluteDays: 90 },
  // Issue 28: a name says which device holds the passkey; a ceremony's challenge is single use and
  // lives this long; an account holds at most `maxPerUser` (each one is offered at every registration).
  passkey: { nameMax: 100, challengeMinutes: 5, maxPerUser: 20 },
  // Issue 32: personal access tokens for scripts. An account holds at most `maxPerUser`; a token lives
  // `minDays`–`maxDays` when given an expiry (none: it never expires); its last use is written at most
  // once per `lastUsedEveryMinutes`.
  apiToken: { nameMax: 100, maxPerUser: 20, minDays: 1, maxDays: 365, lastUsedEveryMinutes: 1 },
  passwordReset: { validMinutes: 60, mailsPerAccountPerHour: 3 },
  // The registration mail plus three "Send again" per hour.
  emailVerification: { validHours: 48, mailsPerAccountPerHour: 4 },
  // "Someone tried to register with your address": per account in any 24 hours, so registering with a
  // stranger's address cannot flood their mailbox.
  registrationAttempt: { mailsPerAccountPerDay: 3 },
  contact: {
    topicMax: 120,
    messageMax: 5000,
    attachmentMaxBytes: 5 * 1024 * 1024,
    attachmentNameMax: 200,
    perIpPerHour: 5,
  },
  // Open live-event streams per user and instance; one more ends the oldest (tabs keep working).
  events: { streamsPerUser: 5 },
  // PDF rendering costs ~50 ms of CPU: exports per IP and minute, and PDFs rendered at once per
  // instance (each in a worker thread of its own, off the event loop).
  export: { perMinute: 60, pdfRendersAtOnce: 2 },
  /**
   * Issue 31: decisions from a spreadsheet. A file (or pasted text) of at most `maxBytes`; an XLSX
   * file's parts may unpack to at most `xlsxUnpackedMaxBytes` in all (a small ZIP can unpack to
   * gigabytes); previews per user and minute, and at most `readsAtOnce` files read at once per instance.
   */
  import: {
    maxBytes: 2 * 1024 * 1024,
    xlsxUnpackedMaxBytes: 64 * 1024 * 1024,
    perUserPerMinute: 30,
    readsAtOnce: 2,
  },
  /** Issue 28: the whole-account data export (a ZIP of every decision) per user and hour. */
  dataExport: { perHour: 3 },
  /**
   * Issue 32: calendar feeds. Reads of GET /api/calendar/{token}.ics per IP and minute (calendar apps
   * poll every few minutes to hours; an office behind one address holds many), the token's random
   * bytes, and how often subscribers are asked to fetch again.
   */
  calendar: { feedPerMinute: 120, tokenBytes: 32, refreshMinutes: 60 },
  auth: {
    // Per IP on login, register and password endpoints.
    perIpPerMinute: 30,
    // Failed logins per (account, client address): that address is refused for that account until the
    // window ends. Counting per address means a stranger cannot lock the owner out.
    failedLoginsPerAddress: 10,
    // Failed logins per account across all addresses: beyond this, every attempt waits a growing delay
    // (first, doubling, capped) instead of a lock, so a distributed guesser slows down but the owner can
    // still sign in.
    failedLoginsPerAccount: 100,
    failedLoginWindowMinutes: 15,
    accountDelaySeconds: { first: 1, max: 30 },
  },
  // Two-step sign-in (issue 28): RFC 6238 codes of 6 digits per 30 s, one step of clock drift either way.
  twoStep: {
    codeDigits: 6,
    periodSeconds: 30,
    driftSteps: 1,
    recoveryCodes: 10,
    // The step between a right password and the code: minutes it lives, wrong codes that spend it.
    challengeMinutes: 5,
    wrongCodesPerChallenge: 5,
  },
} as const;

// The languages live in their own module: the landing page needs them, not the limits (bundle budget).
export { LANGUAGES, type Language } from './languages.ts';

/** The scale of every grid, endpoint and export of a decision of this type. */
export function scaleOfDecision(type: 'private' | 'public' | 'team'): { min: number; max: number } {
  return type === 'team' ? LIMITS.scales.team : LIMITS.scales.personal;
}
