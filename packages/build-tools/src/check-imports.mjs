import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';

/**
 * `npm run lint:imports` (decision 059): no import circles in apps/* and packages/*, and no loop between two
 * API modules. dependency-cruiser walks the imports and checks .dependency-cruiser.cjs's rules; a loop between
 * folders is not one of its rules (its folder scope reports every cycle through src/db and plugins too), so the
 * few lines below read the two-module loops off the same walk. Plain JavaScript, run by node without a loader
 * (only the typescript-5 preload), so the check starts in a fraction of a second.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
/** @type {import('dependency-cruiser').IConfiguration & { KNOWN_MODULE_LOOPS: [string, string][] }} */
const config = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs'));

const MODULE = /^apps\/api\/src\/modules\/([^/]+)\//;

/**
 * Every `a <-> b` (a before b) where module a imports module b and b imports a.
 * @param {import('dependency-cruiser').ICruiseResult} result
 * @returns {string[]}
 */
function moduleLoops(result) {
  const edges = new Set();
  for (const module of result.modules) {
    const from = MODULE.exec(module.source)?.[1];
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = MODULE.exec(dependency.resolved)?.[1];
      if (to && to !== from) edges.add(`${from} ${to}`);
    }
  }
  const loops = [...edges].flatMap((edge) => {
    const [from = '', to = ''] = edge.split(' ');
    return from < to && edges.has(`${to} ${from}`) ? [`${from} <-> ${to}`] : [];
  });
  return loops.sort();
}

const started = performance.now();
process.chdir(ROOT);
const { output } = await cruise(['apps', 'packages'], {
  ...config.options,
  validate: true,
  ruleSet: { forbidden: config.forbidden ?? [] },
});
/** @type {import('dependency-cruiser').ICruiseResult} */
const result = output;
/** @type {string[]} */
const problems = [];
for (const violation of result.summary.violations) {
  const cycle = (violation.cycle ?? []).map((step) => step.name).join(' -> ');
  problems.push(`${violation.rule.name}: ${violation.from} -> ${cycle || violation.to}`);
}
const known = new Set(config.KNOWN_MODULE_LOOPS.map((pair) => [...pair].sort().join(' <-> ')));
const loops = moduleLoops(result);
for (const loop of loops) {
  if (!known.has(loop)) problems.push(`module loop: ${loop} (apps/api/src/modules)`);
}
for (const loop of known) {
  if (!loops.includes(loop)) problems.push(`module loop ${loop} is gone: take it off KNOWN_MODULE_LOOPS`);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `✖ ${problems.length} import problem(s), ${result.summary.totalCruised} files (${seconds} s)`,
  );
  process.exit(1);
}
console.log(
  `✔ no import circles, no module loops beyond the ${known.size} listed (${result.summary.totalCruised} files, ${seconds} s)`,
);
