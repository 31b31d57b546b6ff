import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// A relative path, not the package name: Vite bundles a config's relative imports but leaves bare ones to
// Node, which cannot load a .ts file on Node 20.
import { precompressAssets } from '../../packages/build-tools/src/vite-precompress.ts';

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
  // Out of the shell's own imports since the search dropdown loads on demand (search-box.tsx), yet the store
  // cards, the product cards and the dropdown all use them: alone they were four more small chunks.
  /apps[\\/]web[\\/]src[\\/](components[\\/](fallback-image|price-tag)\.tsx|hooks[\\/]use-debounced-value\.ts)$/,
  // Two small modules every browse route's first load needs beyond the shell's own imports (the first-visit
  // address popup's fields, the store header's opening hours), each its own tiny chunk otherwise.
  /packages[\\/](shared[\\/]src[\\/](product-price|montevideo-time)|web-kit[\\/]src[\\/]form[\\/]field-a11y)\.ts$/,
];

/** The product grid and its cards: the store, category and search pages list products with both. */
const PRODUCT_LIST_MODULES =
  /apps[\\/]web[\\/]src[\\/]features[\\/]catalog[\\/](product-grid|product-card|add-to-cart-button)\.tsx$/;

/**
 * What the address popup brings on a first visit beyond the shell, the dialog and the form kit (both shared
 * with many other chunks, so they stay apart): its panel, the address picker and the saved-addresses call.
 * Left to the default splitting they were three chunks (0.4 to 2.9 KiB gzip), each one more request on the
 * browse routes' first load. Only these modules (not their imports), so the dialog stays its own chunk.
 */
const ADDRESS_POPUP_MODULES =
  /apps[\\/]web[\\/]src[\\/](app[\\/]address[\\/]address-popup-panel\.tsx|features[\\/]address[\\/](address-popup\.tsx|address-picker\.tsx|geo\.api\.ts|house-number\.ts|request-position\.ts)|features[\\/]beneficiaries[\\/]beneficiaries\.api\.ts)$/;

/**
 * React Router's components the shop never renders (<Form>, and with it useSubmit and the form-submission
 * code) still reached the shell: `var Form = React.forwardRef(...)` is not annotated pure and
 * `Form.displayName = "Form"` is a property write, so the bundler keeps both. Marking the forwardRef calls
 * pure and dropping the displayName writes (a devtools label only) in the production build lets tree-shaking
 * remove what nothing imports: ~1.4 KiB gzip of the shell. The package exports only its development build,
 * whose `ENABLE_DEV_WARNINGS = true` keeps warning code and strings: set false, as in its production build
 * (~0.5 KiB). If a router release changes this code the regexes stop matching and the shell only grows back:
 * `npm run check:entry-size` catches it.
 */
const routerTreeShaking: Plugin = {
  name: 'mandado:router-tree-shaking',
  apply: 'build',
  transform(code, id) {
    if (!/node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return null;
    const shaken = code
      .replace(/= (React\d*)\.forwardRef\(/g, '= /* @__PURE__ */ $1.forwardRef(')
      .replace(/^\w+\.displayName = "\w+";$/gm, '')
      .replace(/^var ENABLE_DEV_WARNINGS = true;$/m, 'var ENABLE_DEV_WARNINGS = false;');
    // Lines stay where they were, so the package's own source map still holds (map: null keeps it).
    return { code: shaken, map: null };
  },
};

/**
 * `vite build --ssr` builds the server entry (decision 079) into dist-server/, which the API loads: Node's
 * own modules, with the packages from node_modules and the workspace's own sources bundled. No
 * precompressed copies and no chunk groups there: nothing is sent to a browser from it.
 */
const ssrBuild = defineConfig({
  plugins: [react()],
  build: { target: 'node20', outDir: 'dist-server', emptyOutDir: true, copyPublicDir: false },
});

const browserBuild = defineConfig({
  plugins: [react(), routerTreeShaking, precompressAssets()],
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
    // dist/.vite/manifest.json: the API links a server-rendered page's chunk stylesheets from it (decision 079).
    manifest: true,
    // Modern browsers only; no polyfill for module preload keeps the entry small.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'shell', test: (id) => SHELL_MODULES.some((pattern) => pattern.test(id)) },
            { name: 'address-popup', test: ADDRESS_POPUP_MODULES, includeDependenciesRecursively: false },
            { name: 'product-list', test: PRODUCT_LIST_MODULES, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? ssrBuild : browserBuild));
