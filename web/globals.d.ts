/** The year the app was built (vite.config.ts `define`): the prerendered pages' copyright year. */
declare const BUILD_YEAR: number;

/** zod's settings, shared by every copy of zod (zod/v4/core); main.tsx sets `jitless`. */
// eslint-disable-next-line no-var -- a global is declared with var
declare var __zod_globalConfig: { jitless?: boolean } | undefined;
