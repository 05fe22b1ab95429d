/**
 * The web app's pages (SPEC.md's route table, plus the pages mailed links open): the one list the
 * browser router renders and the server consults, so a path the app has no page for answers 404.
 * `:name` stands for one path segment (an id or a token); a known page with an unknown id stays a
 * page (200) that says "not found" itself.
 */
export const PUBLIC_PAGES = {
  login: '/login',
  register: '/register',
  logout: '/logout',
  faq: '/faq',
  contact: '/kontakt',
  imprint: '/impressum',
  privacy: '/datenschutz',
  // The contact form's consent link; DESIGN.md: the same page as /datenschutz.
  privacyAlias: '/privacy',
  invite: '/invite',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  confirmEmailChange: '/confirm-email-change',
} as const;

/** Pages that send anonymous visitors to /login. */
export const PROTECTED_PAGES = {
  notifications: '/notifications',
  dashboard: '/dashboard',
  newDecision: '/new-decision',
  newTeamDecision: '/new-team-decision',
  teamInvite: '/team-invite/:id',
  decisionRedirect: '/decision/:id',
  singleDecision: '/single-decision/:id',
  teamDecision: '/team-decision/:id',
  editDecision: '/decision/:id/edit',
  editTeamDecision: '/team-decision/:id/edit',
  evaluateDecision: '/decision/:id/evaluate',
  evaluation: '/evaluation',
  history: '/history',
  profile: '/profile',
  changePassword: '/change-password',
  // Issue 29: the caller's workspaces (list and create) and one workspace's page.
  workspaces: '/workspaces',
  workspace: '/workspaces/:id',
} as const;

export const HOME_PAGE = '/';

export type PublicPage = keyof typeof PUBLIC_PAGES;
export type ProtectedPage = keyof typeof PROTECTED_PAGES;

const PAGE_PATTERNS: readonly string[][] = [
  HOME_PAGE,
  ...Object.values(PUBLIC_PAGES),
  ...Object.values(PROTECTED_PAGES),
].map(segmentsOf);

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/**
 * Whether the app has a page for this path. Like the router: the query and a trailing slash do not
 * count, and letters match in any case.
 */
export function isAppPage(url: string): boolean {
  const segments = segmentsOf((url.split(/[?#]/, 1)[0] ?? '').toLowerCase());
  return PAGE_PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith(':') || part === segments[index]),
  );
}
