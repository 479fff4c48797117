import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { serviceWorker } from './sw-build.ts';

// The API runs on :8080 during development; the built SPA is served by the API itself in production.
const API_ORIGIN = 'http://localhost:8080';
const apiProxy: Record<string, ProxyOptions> = {
  '/api': {
    target: API_ORIGIN,
    changeOrigin: false,
    // The API accepts state-changing calls only from its own origin (PUBLIC_URL, never the Host header:
    // apps/api/src/http/origin.ts). Pages of this dev server are the site, so their Origin is presented as
    // the API's; any other Origin (a page on another port) goes through unchanged and is refused there.
    configure: (proxy) =>
      proxy.on('proxyReq', (proxyRequest, request) => {
        const host = request.headers.host;
        if (host && request.headers.origin === `http://${host}`) proxyRequest.setHeader('origin', API_ORIGIN);
      }),
  },
  // The legal documents' PDFs are made by the API (apps/api/src/features/legal).
  '^/legal/[a-z]+\\.pdf$': { target: API_ORIGIN },
};

// React Router's package sends every bundler to its development build (its export map names no other), which
// keeps its development checks and prints their warnings in the console of the built app. Its production build
// sits beside it, the same code with those checks off; a build for production takes that one.
const reactRouterDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(reactRouterDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDir, 'dist/production/dom-export.mjs') },
];

export default defineConfig(({ mode }) => ({
  // serviceWorker(): dist/sw.js, the service worker (issue 17), built after the app (./sw-build.ts).
  plugins: [react(), serviceWorker()],
  // Workspace packages from their TypeScript source (the `source` export condition), not from their build.
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // zod in the browser is zod with `jitless` set (src/app/zod.ts): the CSP needs no 'unsafe-eval'.
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('src/app/zod.ts', import.meta.url)) },
      ...(mode === 'production' ? reactRouterProduction : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: which chunk holds what, read by scripts/check-web-budget.mjs.
    manifest: true,
    rolldownOptions: {
      // The icon barrel (src/ui/icons.tsx) and the one-module-per-icon files under src/ui/icons/ have no side
      // effects. Saying so lets the bundler skip the barrel's unused re-exports (lazy barrel), so each icon
      // module is reached only from the code that uses it and lands in that code's chunk, not in the entry.
      // The generator's barrel (src/features/generator/index.ts) only re-exports, for the image viewer (a few
      // helpers) and the tweak studio (its panels): saying so keeps the panels out of the viewer's chunks.
      treeshake: {
        moduleSideEffects: [
          { test: /\/src\/ui\/icons(\.tsx$|\/)/, sideEffects: false },
          { test: /\/src\/features\/generator\/index\.ts$/, sideEffects: false },
        ],
      },
      experimental: { lazyBarrel: true },
      output: {
        // Everything the entry imports statically (React, the router, i18next, TanStack Query, the shell) in
        // one chunk: without this group the bundler cut it into ~10 files (a few of 1 KB, e.g. the icons the
        // shell shares with pages), each a request the page waits for before its first paint, and on HTTP/1.1
        // at most six of them in flight (issue 20: ~0.2-0.3 s of first paint on a phone, Lighthouse mobile).
        // Lazily loaded code keeps the bundler's own splitting: merging it into shared groups made routes load
        // code of other routes (zod, the dropdown menu) or, with inlined common chunks, duplicated modules.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
}));
