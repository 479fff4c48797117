import { defaultClientConditions, defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

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
};

export default defineConfig({
  plugins: [react()],
  // Workspace packages from their TypeScript source (the `source` export condition), not from their build.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
});
