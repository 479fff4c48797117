import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API runs on :8080 during development; the built SPA is served by the API itself in production.
const apiProxy = { '/api': { target: 'http://localhost:8080', changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
});
