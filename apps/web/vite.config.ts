import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Same-origin proxies: /api → the API (prefix stripped), /knowledge → the knowledge product. */
function proxies(): Record<string, ProxyOptions> {
  const result: Record<string, ProxyOptions> = {};
  const api = process.env.CONSOLE_API_PROXY_TARGET;
  if (api) {
    result['/api'] = { target: api, changeOrigin: false, rewrite: (path) => path.replace(/^\/api/, '') || '/' };
  }
  const knowledge = process.env.CONSOLE_KNOWLEDGE_PROXY_TARGET;
  if (knowledge) {
    result['/knowledge'] = { target: knowledge, changeOrigin: false };
  }
  return result;
}

export default defineConfig({
  base: '/auth/',
  plugins: [react()],
  resolve: {
    alias: {
      '@console/domain': fromRoot('../../packages/domain/src/index.ts'),
      '@console/config': fromRoot('../../packages/config/src/index.ts'),
      '@': fromRoot('./src'),
    },
  },
  server: { proxy: proxies() },
  preview: { proxy: proxies() },
  // CONSOLE_WEB_OUT_DIR lets the e2e run build and preview its own copy without touching dist/.
  build: { outDir: process.env.CONSOLE_WEB_OUT_DIR || 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
});
