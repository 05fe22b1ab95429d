import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/limits.ts';
import { createSemaphore, type Semaphore } from '../../semaphore.ts';
import { solidImage } from '../../test/images.ts';
import { AvatarDecodeFailed, createAvatarDecoder } from './avatar-decoder-process.ts';
import { normaliseAvatar } from './avatar-image.ts';

const decoder = createAvatarDecoder();
afterAll(() => decoder.close());

/** The instance's decode slots, recording the most decodes that ran at once. */
function watchedSlots(limit: number) {
  const slots = createSemaphore(limit);
  let peak = 0;
  const decodeSlots: Semaphore = {
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
  return { decodeSlots, peak: () => peak };
}

async function expectAvatar(image: Buffer): Promise<void> {
  expect(await sharp(image).metadata()).toMatchObject({
    format: 'webp',
    width: LIMITS.avatar.sizePx,
    height: LIMITS.avatar.sizePx,
  });
}

describe('normaliseAvatar', () => {
  it('decodes inside the slots: of 3 concurrent uploads at most 2 decode at once, and all succeed', async () => {
    const { decodeSlots, peak } = watchedSlots(LIMITS.avatar.decodesAtOnce);
    const pictures = await Promise.all([1, 2, 3].map((i) => solidImage('png', 1000 * i, 1000)));

    const avatars = await Promise.all(
      pictures.map((picture) => normaliseAvatar(picture, { decodeSlots, decoder })),
    );

    expect(peak()).toBeGreaterThan(0);
    expect(peak()).toBeLessThanOrEqual(2);
    for (const avatar of avatars) await expectAvatar(avatar);
    expect(decodeSlots.running).toBe(0);
  });

  it('refuses an oversized picture without taking a slot', async () => {
    const { decodeSlots, peak } = watchedSlots(2);
    await expect(
      normaliseAvatar(await solidImage('png', 4097, 100), { decodeSlots, decoder }),
    ).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    expect(peak()).toBe(0);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the avatar decoder process', () => {
  it('fails a picture it cannot decode, and decodes the next one', async () => {
    const png = await solidImage('png', 300, 200);
    await expect(decoder.decode(png.subarray(0, png.length / 2))).rejects.toBeInstanceOf(AvatarDecodeFailed);
    await expectAvatar(await decoder.decode(png));
  });

  it('ends when idle, giving its memory back, and starts anew on the next decode', async () => {
    const quick = createAvatarDecoder({ idleExitMs: 50 });
    try {
      await expectAvatar(await quick.decode(await solidImage('png', 400, 400)));
      const pid = quick.pid ?? 0;
      expect(isAlive(pid)).toBe(true);
      for (let waited = 0; waited < 5000 && isAlive(pid); waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(isAlive(pid)).toBe(false);
      expect(quick.pid).toBeUndefined();
      await expectAvatar(await quick.decode(await solidImage('jpeg', 400, 400)));
    } finally {
      quick.close();
    }
  });
});
