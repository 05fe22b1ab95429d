import type { AppConfig } from './config.ts';

/** One log line at start per optional setting the operator left unset, saying what to set. */
export interface SetupNotice {
  level: 'info' | 'warn';
  message: string;
}

const OPERATOR_VARIABLES = {
  name: 'OPERATOR_NAME',
  address: 'OPERATOR_ADDRESS',
  email: 'OPERATOR_EMAIL',
} as const;

/**
 * The guidance visitors never see: the pages only say "not available" or "not published yet", so the
 * variable names and the README pointer go to the log.
 */
export function setupNoticesOf(config: Pick<AppConfig, 'ai' | 'operator'>): SetupNotice[] {
  const notices: SetupNotice[] = [];
  const missing = (Object.keys(OPERATOR_VARIABLES) as (keyof typeof OPERATOR_VARIABLES)[])
    .filter((field) => !config.operator[field])
    .map((field) => OPERATOR_VARIABLES[field]);
  if (missing.length) {
    notices.push({
      level: 'warn',
      message:
        `legal notice and privacy policy: ${missing.join(', ')} not set, so the pages say the operator ` +
        'has not published these details yet; set them (see .env.example) and restart',
    });
  }
  if (!config.ai.provider) {
    notices.push({
      level: 'info',
      message:
        'AI scoring is off (AI_PROVIDER not set): users see "AI scoring is not available on this server". ' +
        'To enable it set AI_PROVIDER and AI_MODEL, plus AI_API_KEY (openai, anthropic) or AI_BASE_URL ' +
        '(openai-compatible, e.g. a local Ollama), and restart; see "AI scoring" in the README',
    });
  }
  return notices;
}
