import { randomUUID } from 'node:crypto';

/** A fresh account per test, so tests never depend on each other or on run order. */
export function uniqueEmail(): string {
  return `user-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

/** Always well over the 12-character minimum (Math.random's base-36 digits can come out short). */
export function uniquePassword(): string {
  return `Compass-${randomUUID().slice(0, 13)}!`;
}

/** An 8×8 opaque PNG, small enough to inline and a real image for the server's decoder. */
export const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR42mPwd3uKFTEMLQkAx2RegZKNdUsAAAAASUVORK5CYII=',
  'base64',
);
