import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { setupNoticesOf } from './setup-notices.ts';

const FULL = {
  OPERATOR_NAME: 'Erika Mustermann',
  OPERATOR_ADDRESS: 'Musterstraße 1, 10115 Berlin',
  OPERATOR_EMAIL: 'kontakt@example.org',
  AI_PROVIDER: 'openai-compatible',
  AI_BASE_URL: 'http://127.0.0.1:11434/v1',
  AI_MODEL: 'llama3.1',
};

describe('setupNoticesOf', () => {
  it('says nothing when the operator and the AI are set up', () => {
    expect(setupNoticesOf(loadConfig(FULL))).toEqual([]);
  });

  it('tells the operator which legal-page variables are missing, as one warning', () => {
    const notices = setupNoticesOf(loadConfig({ ...FULL, OPERATOR_ADDRESS: '', OPERATOR_EMAIL: '' }));
    expect(notices).toEqual([
      { level: 'warn', message: expect.stringContaining('OPERATOR_ADDRESS, OPERATOR_EMAIL not set') },
    ]);
    expect(notices[0]!.message).not.toContain('OPERATOR_NAME');
  });

  it('says how to turn AI scoring on, in the log rather than to users', () => {
    const notices = setupNoticesOf(loadConfig({ ...FULL, AI_PROVIDER: '', AI_BASE_URL: '', AI_MODEL: '' }));
    expect(notices).toEqual([{ level: 'info', message: expect.stringContaining('AI_PROVIDER') }]);
    expect(notices[0]!.message).toContain('README');
  });
});
