import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * Characters of a browser's User-Agent a session keeps (real ones are 100–150). Server-only, like the
 * other limits of issue 28 kept out of shared/limits.ts: every byte there is in the landing page's bundle.
 */
export const USER_AGENT_MAX = 200;

/** What a session records of the client that started it (shown in "Where you're signed in"). */
export interface SessionClient {
  userAgent: string | null;
  ipHint: string | null;
}

/** The eight groups of an IPv6 address, `::` expanded. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  if (tail === undefined) return headGroups;
  const tailGroups = tail ? tail.split(':') : [];
  return [
    ...headGroups,
    ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'),
    ...tailGroups,
  ];
}

/**
 * A coarse hint of where a session began, never the full address: IPv4 without its last octet
 * ("203.0.113.x"), IPv6 with its first three groups (the provider's allocation, "2001:db8:85a3:…").
 */
export function ipHintOf(address: string | undefined): string | null {
  if (!address) return null;
  // A dual-stack listener reports IPv4 peers as ::ffff:a.b.c.d.
  const plain =
    address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(plain) === 4) return `${plain.split('.').slice(0, 3).join('.')}.x`;
  if (isIP(plain) === 6) {
    const groups = ipv6Groups(plain.split('%')[0]!.toLowerCase()).slice(0, 3);
    return `${groups.map((group) => group.replace(/^0+(?=.)/, '')).join(':')}:…`;
  }
  return null;
}

/** The User-Agent header, single-line and cut to `USER_AGENT_MAX` characters. */
export function userAgentOf(header: string | undefined): string | null {
  const oneLine = header?.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').trim();
  return oneLine ? oneLine.slice(0, USER_AGENT_MAX) : null;
}

/** What a login route hands to `startSession`: every way of signing in records the same. */
export function sessionClientOf(request: FastifyRequest): SessionClient {
  return { userAgent: userAgentOf(request.headers['user-agent']), ipHint: ipHintOf(request.ip) };
}
