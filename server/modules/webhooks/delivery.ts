import { createHmac } from 'node:crypto';
import { promises as dns, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isBlockedAddress } from './address-check.ts';

/** Why an attempt got no HTTP answer (stored as `last_error`, shown translated). */
export type AttemptError = 'timeout' | 'blocked_address' | 'dns_failed' | 'connection_failed';

export interface AttemptResult {
  /** The receiver's HTTP status; null without an answer. */
  status: number | null;
  error: AttemptError | null;
  outcome: 'delivered' | 'retry' | 'final';
}

/** Resolves a host name to every address it has (tests may stand in a resolver of their own). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export interface DeliveryOptions {
  timeoutMs: number;
  /** `WEBHOOK_ALLOW_PRIVATE`: skip the address checks (local receivers in development and tests). */
  allowPrivate: boolean;
  resolve?: Resolve | undefined;
}

const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** `t={unix},v1={hex HMAC-SHA256 of "{t}.{body}"}`, keyed with the secret string's UTF-8 bytes. */
export function signatureOf(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${unixSeconds}.${body}`)
    .digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** Which answers are worth another attempt: timeouts, rate limits and server errors. */
function outcomeOfStatus(status: number): AttemptResult['outcome'] {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  // Other 4xx and every 3xx (redirects are never followed) are final.
  return 'final';
}

class RefusedAddressError extends Error {}
class ResolveError extends Error {}

/**
 * A `lookup` for the socket that resolves the name itself, checks every address and connects to the
 * checked one, so DNS cannot answer differently between the check and the connection.
 */
function checkedLookup(resolve: Resolve, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (!addresses.length) return callback(new ResolveError(hostname), '', 4);
        if (!allowPrivate && addresses.some((entry) => isBlockedAddress(entry.address)))
          return callback(new RefusedAddressError(hostname), '', 4);
        if (options.all)
          return (callback as unknown as (err: null, all: LookupAddress[]) => void)(null, addresses);
        const first = addresses[0]!;
        return callback(null, first.address, first.family);
      },
      (error: unknown) => callback(new ResolveError(String(error)), '', 4),
    );
  };
}

/**
 * One attempt: POSTs `body` to `url` with its signature, no redirects followed, the whole exchange
 * bounded by `timeoutMs`. Never throws: every failure is an `AttemptResult`.
 */
export function attemptDelivery(
  url: string,
  body: string,
  headers: { signature: string; eventId: string; event: string },
  options: DeliveryOptions,
): Promise<AttemptResult> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // An address in the URL connects without a lookup: checked here instead.
  if (!options.allowPrivate && isIP(host) && isBlockedAddress(host))
    return Promise.resolve({ status: null, error: 'blocked_address', outcome: 'final' });
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((settle) => {
    let isSettled = false;
    const finish = (result: AttemptResult) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      settle(result);
    };
    const request = client.request(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'DecisionCompass-Webhooks/1',
        'x-compass-signature': headers.signature,
        'x-compass-event': headers.event,
        'x-compass-delivery': headers.eventId,
      },
      lookup: checkedLookup(options.resolve ?? systemResolve, options.allowPrivate),
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ status: null, error: 'timeout', outcome: 'retry' });
    }, options.timeoutMs);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      // The answer's body is not needed; reading it lets the socket close cleanly.
      response.resume();
      response.on('end', () => finish({ status, error: null, outcome: outcomeOfStatus(status) }));
      response.on('error', () => finish({ status, error: null, outcome: outcomeOfStatus(status) }));
    });
    request.on('error', (error) => {
      if (error instanceof RefusedAddressError)
        finish({ status: null, error: 'blocked_address', outcome: 'final' });
      else if (error instanceof ResolveError) finish({ status: null, error: 'dns_failed', outcome: 'retry' });
      else finish({ status: null, error: 'connection_failed', outcome: 'retry' });
    });
    request.end(body);
  });
}
