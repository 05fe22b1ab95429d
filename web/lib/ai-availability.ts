/**
 * Whether the server has an AI provider (issue 25: AI claims only where AI is available). The build
 * prerenders each public page twice and the server sends the variant that fits its configuration;
 * the one without AI (and its app shell) carries <html data-ai="off">, so the client reads the same
 * answer the HTML was rendered with and hydration matches.
 */
let isAvailableInPrerender = true;

/** Build time only (web/entry-server.tsx): which variant is being rendered. */
export function setAiAvailableForPrerender(isAvailable: boolean): void {
  isAvailableInPrerender = isAvailable;
}

export function isAiAvailable(): boolean {
  if (typeof document === 'undefined') return isAvailableInPrerender;
  return document.documentElement.dataset.ai !== 'off';
}

/** The marker on the <html> of the variant without AI. */
export const AI_OFF_ATTRIBUTE = 'data-ai="off"';
