import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// A relative path, not the package name: Vite bundles a config's relative imports but leaves bare ones to
// Node, which cannot load a .ts file on Node 20.
import { precompressAssets } from '../../packages/build-tools/src/vite-precompress.ts';

const api = 'http://localhost:3000';

/**
 * What every page's first load needs, as one file (captured modules bring their static imports along): the
 * framework and the app start. Left to itself the bundler splits React, the JSX runtime and the API client
 * into small shared chunks, which compress worse and cost a request each.
 */
const SHELL_MODULES = [
  // Not TanStack's virtualizer: only the owner's catalog list uses it (issue 18), so it stays in that page's chunk.
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](?!react-virtual|virtual-core)[^\\/]+|zustand)[\\/]/,
  /apps[\\/]staff[\\/]src[\\/]main\.tsx$/,
];

/**
 * The staff app (issue 17). Its built files live under /staff/ (`/staff/assets/…`), so they never collide
 * with the shop's /assets/ in the one process that serves both; its pages keep their own paths (/comercio,
 * /admin, /entrega), which the server answers with this app's index.html. In development the base stays /
 * (Vite's dev server would otherwise turn /comercio away); log in on the shop's dev server (5173) first:
 * the session cookie is the same on both ports.
 */
export default defineConfig(({ command }) => ({
  base: command === 'build' ? '/staff/' : '/',
  plugins: [react(), precompressAssets()],
  server: {
    port: 5174,
    strictPort: true,
    proxy: {
      '/v1': { target: api, changeOrigin: true },
      '/media': { target: api, changeOrigin: true },
    },
  },
  preview: { port: 4174 },
  build: {
    target: 'es2022',
    modulePreload: { polyfill: false },
    // scripts/check-entry-size.ts follows it to weigh the store area's whole first load.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'shell', test: (id) => SHELL_MODULES.some((pattern) => pattern.test(id)) }],
        },
      },
    },
  },
}));
