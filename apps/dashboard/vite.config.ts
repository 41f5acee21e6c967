import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API serves the built dashboard at `/` and the admin API on the same
// origin, so the app only ever calls relative URLs. In `pnpm dev` Vite proxies
// those to a locally running API.
const apiTarget = process.env.LATCHKEY_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  server: {
    proxy: {
      '/v1': { target: apiTarget, changeOrigin: false },
      '/health': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The manifest lets scripts/bundle-size.mjs add up what the first page loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // Name each page's chunk after its route (apps-page, app-licenses-page)
        // instead of a row of identical "page-<hash>.js".
        chunkFileNames: (chunk) => {
          const route = /\/src\/app\/routes\/(.+)\/(page|layout)\.tsx$/.exec(chunk.facadeModuleId ?? '');
          return route ? `assets/${route[1]!.replaceAll('/', '-')}-${route[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
});
