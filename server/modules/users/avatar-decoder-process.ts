import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DecodeReply } from './avatar-decoder.ts';

/**
 * How long the decoder process stays after its last decode. Decoding in the server itself left its
 * RSS up by 100 MB and more after a burst (glibc keeps freed pages in per-thread arenas); a process
 * that exits gives all of it back (bench "avatar burst RSS"). Starting one costs ~0.2 s, once a burst.
 */
const IDLE_EXIT_MS = 2000;

const here = fileURLToPath(import.meta.url);
// Beside this file: .ts from source (tests, `npm run dev`), .js when built. From source the child
// needs tsx, like the parent.
const extension = path.extname(here);
const entry = path.join(path.dirname(here), `avatar-decoder${extension}`);
const execArgv = extension === '.ts' ? ['--import', import.meta.resolve('tsx')] : [];

/** The picture could not be decoded: not an image after all, or a broken one. */
export class AvatarDecodeFailed extends Error {}

interface Waiter {
  resolve(image: Buffer): void;
  reject(error: Error): void;
}

interface Decoder {
  process: ChildProcess;
  waiting: Map<number, Waiter>;
}

/** Decodes and re-encodes avatars in a child process, started on demand and ended when idle. */
export function createAvatarDecoder({ idleExitMs = IDLE_EXIT_MS }: { idleExitMs?: number } = {}) {
  let current: Decoder | undefined;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;

  function stop(decoder: Decoder): void {
    if (current === decoder) current = undefined;
    if (decoder.process.connected) decoder.process.disconnect(); // the child exits on disconnect
  }

  function settle(decoder: Decoder, reply: DecodeReply): void {
    const waiter = decoder.waiting.get(reply.id);
    if (!waiter) return;
    decoder.waiting.delete(reply.id);
    if ('image' in reply) {
      waiter.resolve(Buffer.from(reply.image.buffer, reply.image.byteOffset, reply.image.byteLength));
    } else {
      waiter.reject(new AvatarDecodeFailed());
    }
    if (decoder.waiting.size > 0) return;
    // Idle: no longer keeps the server's event loop alive, and ends after a quiet spell.
    decoder.process.channel?.unref();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => stop(decoder), idleExitMs).unref();
  }

  function start(): Decoder {
    const decoder: Decoder = {
      process: fork(entry, [], { execArgv, serialization: 'advanced', stdio: 'inherit' }),
      waiting: new Map(),
    };
    decoder.process.unref();
    decoder.process.on('message', (reply: DecodeReply) => settle(decoder, reply));
    decoder.process.once('exit', (code, signal) => {
      if (current === decoder) current = undefined;
      // Died mid-decode (e.g. killed for memory): what it was working on fails, the next call starts anew.
      for (const waiter of decoder.waiting.values()) {
        waiter.reject(new Error(`the avatar decoder exited (${signal ?? code}) while decoding`));
      }
      decoder.waiting.clear();
    });
    return decoder;
  }

  return {
    decode(upload: Buffer): Promise<Buffer> {
      clearTimeout(idleTimer);
      current ??= start();
      const decoder = current;
      const id = nextId++;
      decoder.process.channel?.ref();
      return new Promise((resolve, reject) => {
        decoder.waiting.set(id, { resolve, reject });
        decoder.process.send({ id, upload }, (error) => {
          if (!error || !decoder.waiting.delete(id)) return;
          reject(error);
        });
      });
    },

    /** The decoder process's id while one runs. */
    get pid(): number | undefined {
      return current?.process.pid;
    },

    /** Ends the decoder process now (the app closes). */
    close(): void {
      clearTimeout(idleTimer);
      if (current) stop(current);
    },
  };
}

export type AvatarDecoder = ReturnType<typeof createAvatarDecoder>;
