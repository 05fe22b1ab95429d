// Entry of the avatar decoder process, started by avatar-decoder-process.ts (which imports its types only).
// It decodes and re-encodes pictures whose header the server already accepted; its memory goes back
// to the system when it exits after a quiet spell.
import sharp from 'sharp';
import { LIMITS } from '../../../shared/limits.ts';

export interface DecodeRequest {
  id: number;
  upload: Uint8Array;
}

export type DecodeReply = { id: number; image: Uint8Array } | { id: number; failed: true };

sharp.cache(false);
const size = LIMITS.avatar.sizePx;

/** Async, so a synchronous throw of sharp's becomes a failed decode rather than a crash. */
async function decode(upload: Uint8Array): Promise<Buffer> {
  return sharp(upload, { limitInputPixels: LIMITS.avatar.maxPixels, failOn: 'error' })
    .rotate()
    .resize(size, size, { fit: 'cover' })
    .webp({ quality: 82 })
    .toBuffer();
}

process.on('message', ({ id, upload }: DecodeRequest) => {
  decode(upload)
    .then(
      (image): DecodeReply => ({ id, image }),
      (): DecodeReply => ({ id, failed: true }),
    )
    .then((reply) => process.send?.(reply));
});

// The server is gone (or told it to stop): nothing more will come.
process.on('disconnect', () => process.exit(0));
