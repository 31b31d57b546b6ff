// Import circles (issue 28, decision 059), checked by `npm run lint:imports` (in `npm run lint`), which runs
// packages/build-tools/src/check-imports.ts: dependency-cruiser walks apps/* and packages/*, applies the rules
// below, and the script also refuses a loop between two API modules (apps/api/src/modules/<name>: A imports
// B, by whatever file, and B imports A).

/**
 * The loops between API modules still there, each with what removes it. The check fails on any other, and on
 * one of these once it is gone (so the list only shrinks). Both directions are the same loop. Empty since the
 * sign-in flow (apps/api/src/flows/sign-in.flow.ts) untied accounts and second-factor; kept so a loop that
 * cannot be untied at once is listed here, with its way out, rather than hidden.
 */
/** @type {Array<[string, string]>} */
const KNOWN_MODULE_LOOPS = [];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-only-rules',
      severity: 'error',
      comment:
        'business-days.ts carries every country’s holiday calendar (date-holidays): the API sends the deadline, the apps never import it.',
      from: { path: '^(apps/(web|staff)|packages/web-kit)/' },
      to: { path: '^packages/shared/src/business-days\\.ts$' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A file reaches itself through its imports: a module read before it is initialised, a tangle.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
  ],
  options: {
    // TypeScript 5's parser (typescript-5, see packages/build-tools/src/typescript-5-for-depcruise.mjs).
    parser: 'tsc',
    // `import type` counts: a module whose types come from another depends on it.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // Workspace packages (@mandado/shared/x) resolve through their package.json `exports` to their sources, so
    // an import across packages is a real edge (a circle through packages, the server-only rule), not an
    // unresolved name.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    exclude: { path: '(^|/)(node_modules|dist|dist-server)/' },
  },
  KNOWN_MODULE_LOOPS,
};
