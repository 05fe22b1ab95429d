import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may not point (SSRF): loopback, private, link-local, CGNAT, unspecified and
 * unique-local ranges, plus multicast and broadcast, which no receiver listens on. IPv4-mapped IPv6
 * forms are unwrapped to IPv4 before the check, so `::ffff:127.0.0.1` is refused like `127.0.0.1`.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['255.255.255.255', 32],
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address (v4 or v6, any IPv4-mapped form) lies in a refused range; not an IP: refused. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return true;
  // `process` turns an IPv4-mapped IPv6 address (::ffff:a.b.c.d, also in hex) into the IPv4 one.
  const parsed = ipaddr.process(bare);
  const normal = parsed.toString();
  return BLOCKED.check(normal, parsed.kind() === 'ipv4' ? 'ipv4' : 'ipv6');
}

/** Names that always mean this machine, whatever DNS says. */
function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

export type UrlRefusal = 'validation.webhookUrl' | 'validation.webhookUrlPrivate';

/**
 * Checks a webhook URL as written: http(s) only, no credentials, and (unless private addresses are
 * allowed) no refused IP literal and no `localhost`. The WHATWG parser normalises numeric spellings
 * first (`2130706433`, `127.1`, `0x7f.1` all become `127.0.0.1`). A host name is checked again at every
 * delivery, after resolving it (see delivery.ts). Answers the refusal's message key, or null.
 */
export function urlRefusalOf(url: string, options: { allowPrivate: boolean }): UrlRefusal | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'validation.webhookUrl';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'validation.webhookUrl';
  if (parsed.username || parsed.password || !parsed.hostname) return 'validation.webhookUrl';
  if (options.allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isBlockedAddress(host) ? 'validation.webhookUrlPrivate' : null;
  return isLocalName(host) ? 'validation.webhookUrlPrivate' : null;
}
