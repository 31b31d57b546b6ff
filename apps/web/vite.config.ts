import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';

/**
 * What the first load of every browse route needs, bundled as one file (captured modules bring their static
 * imports along): the framework, the app start and router, the default layout, and the small pieces every
 * page uses. One file compresses far better than the dozen small chunks the default splitting makes.
 */
const SHELL_MODULES = [
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand)[\\/]/,
  /apps[\\/]web[\\/]src[\\/](main|app[\\/]app|app[\\/]router)\.tsx$/,
  /apps[\\/]web[\\/]src[\\/]app[\\/]layouts[\\/]default\.layout\.tsx$/,
  /apps[\\/]web[\\/]src[\\/]app[\\/]routes[\\/](require-city|not-found\.page)\.tsx$/,
  /packages[\\/]web-kit[\\/]src[\\/](query-error|empty-state)\.tsx$/,
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/v1': { target: api, changeOrigin: true },
      '/media': { target: api, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    // Modern browsers only; no polyfill for module preload keeps the entry small.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'shell', test: (id) => SHELL_MODULES.some((pattern) => pattern.test(id)) }],
        },
      },
    },
  },
});
