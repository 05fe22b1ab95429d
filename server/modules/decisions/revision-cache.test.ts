import { describe, expect, it } from 'vitest';
import { createRevisionCache } from './revision-cache.ts';

describe('createRevisionCache', () => {
  it('serves a value only for its revision', async () => {
    const cache = createRevisionCache<string>();
    cache.set(1, 3, 'three');
    expect(cache.peek(1, 3)).toBe('three');
    expect(cache.peek(1, 4)).toBeUndefined();
    expect(await cache.get(1, 4, async () => 'four')).toBe('four');
    expect(cache.peek(1, 3)).toBeUndefined();
  });

  it('drops the least recently loaded entry beyond its count', () => {
    const cache = createRevisionCache<string>(2);
    cache.set('a', 1, 'a');
    cache.set('b', 1, 'b');
    cache.set('c', 1, 'c');
    expect([cache.peek('a', 1), cache.peek('b', 1), cache.peek('c', 1)]).toEqual([undefined, 'b', 'c']);
  });

  it('with sizes, keeps the total within its budget and never keeps a value larger than it', () => {
    const cache = createRevisionCache<number[]>(100, { sizeOf: (rows) => rows.length, maxTotal: 10 });
    cache.set('small', 1, [1, 2, 3]);
    cache.set(
      'large',
      1,
      Array.from({ length: 8 }, (_, i) => i),
    );
    // 3 + 8 > 10: the older entry goes.
    expect(cache.peek('small', 1)).toBeUndefined();
    expect(cache.peek('large', 1)).toHaveLength(8);
    cache.set(
      'huge',
      1,
      Array.from({ length: 11 }, (_, i) => i),
    );
    expect(cache.peek('huge', 1)).toBeUndefined();
    expect(cache.peek('large', 1)).toHaveLength(8);
    // Replacing an entry frees its old size.
    cache.set('large', 2, [1]);
    cache.set(
      'other',
      1,
      Array.from({ length: 9 }, (_, i) => i),
    );
    expect(cache.peek('large', 2)).toEqual([1]);
  });
});
