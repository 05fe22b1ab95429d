/** The year the app was built (vite.config.ts `define`): the prerendered pages' copyright year. */
declare const BUILD_YEAR: number;
