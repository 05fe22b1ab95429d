import { describe, expect, it } from 'vitest';
import { ipHintOf, USER_AGENT_MAX, userAgentOf } from './session-client.ts';

describe('ipHintOf', () => {
  it.each([
    ['203.0.113.77', '203.0.113.x'],
    ['::ffff:198.51.100.4', '198.51.100.x'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:…'],
    ['2001:0db8:0000::1', '2001:db8:0:…'],
    ['2001:db8::1', '2001:db8:0:…'],
    ['::1', '0:0:0:…'],
    ['fe80::1%eth0', 'fe80:0:0:…'],
    ['not an address', null],
    [undefined, null],
  ])('%s → %s', (address, hint) => {
    expect(ipHintOf(address)).toBe(hint);
  });
});

describe('userAgentOf', () => {
  it('keeps a browser’s User-Agent as it is', () => {
    expect(userAgentOf('Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0')).toBe(
      'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
    );
  });

  it('puts control and format characters out of the way and cuts to the limit', () => {
    const cut = userAgentOf(`A\nB\u202E${'c'.repeat(400)}`);
    expect(cut).toHaveLength(USER_AGENT_MAX);
    expect(cut!.startsWith('A B c')).toBe(true);
  });

  it('answers null for a missing or blank header', () => {
    expect(userAgentOf(undefined)).toBeNull();
    expect(userAgentOf('  \t ')).toBeNull();
  });
});
