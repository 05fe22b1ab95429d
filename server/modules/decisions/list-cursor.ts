import { AppError } from '../../app-error.ts';
import type { DecisionListSort } from '../../../shared/api/decisions.ts';
import type { ListPosition } from './list-page-repo.ts';

/**
 * GET /api/decision's `?cursor=`: where the previous page ended, as (sort key, id) of its last row,
 * base64url-encoded JSON. Opaque to clients; it names its order, so a cursor of another order (or
 * anything tampered with) answers 400 instead of a wrong page. Keyset, not an offset: decisions added
 * meanwhile neither repeat nor skip a card on the following pages.
 */
/** What each order's key must be, so the database never compares against a value of the wrong type. */
const KEY_CHECKS: Record<DecisionListSort, (key: unknown) => boolean> = {
  newest: isTimestamp,
  oldest: isTimestamp,
  // Names hold no control characters (and PostgreSQL refuses NUL in text).
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  name: (key) => typeof key === 'string' && key.length <= 1000 && !/[\u0000-\u001f\u007f]/.test(key),
  score: (key) => typeof key === 'number' && Number.isFinite(key),
};

function isTimestamp(key: unknown): boolean {
  return (
    typeof key === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(key) && !Number.isNaN(Date.parse(key))
  );
}

export function encodeListCursor(sort: DecisionListSort, position: ListPosition): string {
  return Buffer.from(JSON.stringify({ s: sort, k: position.key, i: position.id })).toString('base64url');
}

export function decodeListCursor(cursor: string, sort: DecisionListSort): ListPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const { s, k, i } = (parsed ?? {}) as { s?: unknown; k?: unknown; i?: unknown };
  if (s !== sort || !KEY_CHECKS[sort](k) || typeof i !== 'number' || !Number.isSafeInteger(i)) {
    throw new AppError('VALIDATION_FAILED', { cursor: 'validation.listCursor' });
  }
  return { key: k as string | number, id: i };
}
