import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import en from './shared/i18n/en.json' with { type: 'json' };
import { compressBuildOutput } from './scripts/compress.ts';
import { withDescription } from './scripts/prerender-document.ts';
import { prerenderPages } from './scripts/prerender.ts';

const webDir = path.resolve(import.meta.dirname, 'dist/web');
const prerenderDir = path.resolve(import.meta.dirname, 'dist/prerender');
// The config is loaded once per environment: the year is fixed once per build, so the client and
// the prerendered pages agree on it (web/lib/hydration.ts, useCurrentYear).
process.env.BUILD_YEAR ??= String(new Date().getFullYear());

/** The app shell's generic meta description; prerendered pages replace it with their own. */
function shellDescription(): Plugin {
  return {
    name: 'decision-compass:shell-description',
    transformIndexHtml: (html) => withDescription(html, en.seo.default.description),
  };
}

export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss(), shellDescription()],
  define: { BUILD_YEAR: JSON.stringify(Number(process.env.BUILD_YEAR)) },
  environments: {
    client: {
      build: {
        outDir: webDir,
        emptyOutDir: true,
        // The landing chunk names every chunk the lazy pages need, to preload them (about 120):
        // hash-only names keep that list, and so the landing budget of 130 kB, from growing with
        // every module name a feature adds.
        rollupOptions: { output: { chunkFileNames: 'assets/[hash].js' } },
      },
    },
    // Runs only at build time (below): renders the public pages to HTML.
    ssr: {
      build: {
        outDir: prerenderDir,
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: { input: 'web/entry-server.tsx' },
      },
    },
  },
  builder: {
    // `vite build`: the app, the prerendered pages from its SSR twin, then every file compressed.
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.ssr!);
      const pages = await prerenderPages({ webDir, serverEntry: path.join(prerenderDir, 'entry-server.js') });
      const { compressed } = await compressBuildOutput(webDir);
      builder.config.logger.info(
        `prerendered ${pages.length} pages, wrote ${compressed.length} compressed files (.br, .gz)`,
      );
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
