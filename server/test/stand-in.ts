/**
 * Stands for whichever object `current()` returns when it is used: every property read, write and
 * `in` check goes to that object, and its methods run on it (`this` is the object itself, never the
 * stand-in). So a test file can hold what its `beforeAll` builds as a constant from the start
 * (`useTestApp`, `useSmtpServer`); used before that, `current()` says why it cannot be.
 */
export function standIn<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get(_target, property) {
      const object = current();
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
    set: (_target, property, value) => Reflect.set(current(), property, value),
    has: (_target, property) => Reflect.has(current(), property),
  });
}
