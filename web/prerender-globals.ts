/**
 * The build renders the prerendered pages in Node, as a first-time visitor sees them: nothing stored,
 * no session. Modules that read localStorage while rendering (the persisted auth store, a pending
 * invitation) get an empty one instead of a ReferenceError. Imported first by entry-server.tsx.
 */
class EmptyStorage implements Storage {
  get length(): number {
    return 0;
  }
  clear(): void {}
  getItem(): string | null {
    return null;
  }
  key(): string | null {
    return null;
  }
  // Nothing a render writes may reach the next page's render.
  removeItem(): void {}
  setItem(): void {}
}

globalThis.localStorage ??= new EmptyStorage();
