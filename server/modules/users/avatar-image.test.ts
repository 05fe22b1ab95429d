import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/limits.ts';
import { createSemaphore, type Semaphore } from '../../semaphore.ts';
import { solidImage } from '../../test/images.ts';
import { normaliseAvatar } from './avatar-image.ts';

/** The instance's decode slots, recording the most decodes that ran at once. */
function watchedSlots(limit: number) {
  const slots = createSemaphore(limit);
  let peak = 0;
  const watched: Semaphore = {
    run: (task) =>
      slots.run(() => {
        peak = Math.max(peak, slots.running);
        return task();
      }),
    get running() {
      return slots.running;
    },
    get waiting() {
      return slots.waiting;
    },
  };
  return { watched, peak: () => peak };
}

describe('normaliseAvatar', () => {
  it('decodes inside the slots: of 3 concurrent uploads at most 2 decode at once, and all succeed', async () => {
    const { watched, peak } = watchedSlots(LIMITS.avatar.decodesAtOnce);
    const pictures = await Promise.all([1, 2, 3].map((i) => solidImage('png', 1000 * i, 1000)));

    const avatars = await Promise.all(pictures.map((picture) => normaliseAvatar(picture, watched)));

    expect(peak()).toBeGreaterThan(0);
    expect(peak()).toBeLessThanOrEqual(2);
    for (const avatar of avatars) {
      expect(await sharp(avatar).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    }
    expect(watched.running).toBe(0);
  });

  it('refuses an oversized picture without taking a slot', async () => {
    const { watched, peak } = watchedSlots(2);
    await expect(normaliseAvatar(await solidImage('png', 4097, 100), watched)).rejects.toMatchObject({
      code: 'IMAGE_TOO_LARGE',
    });
    expect(peak()).toBe(0);
  });
});
