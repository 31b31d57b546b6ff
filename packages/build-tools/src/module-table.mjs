import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run docs:modules` (decision 059): the module table of docs/ARCHITECTURE.md, read off the code so it
 * stays true. For each apps/api/src/modules/<name>: the tables its repositories and *.sql.ts files write
 * (Drizzle's insert, update and delete), the values other code imports from it (types aside), and who does.
 * Prints the table; with --write, replaces it between the markers in docs/ARCHITECTURE.md.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SRC = path.join(ROOT, 'apps/api/src');
const MODULES = path.join(SRC, 'modules');

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Drizzle's table variables to their SQL names. */
const tableNames = new Map();
for (const file of sourceFiles(path.join(SRC, 'db/schema'))) {
  for (const match of readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
    tableNames.set(match[1], match[2]);
  }
}

/** @param {string} file */
const moduleOf = (file) => {
  const relative = path.relative(MODULES, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0];
};

/** @type {Map<string, { writes: Set<string>, exposes: Set<string>, callers: Set<string> }>} */
const modules = new Map();
for (const name of readdirSync(MODULES).sort()) {
  modules.set(name, { writes: new Set(), exposes: new Set(), callers: new Set() });
}

const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'(\.[^']+)'/g;
for (const file of sourceFiles(SRC)) {
  const source = readFileSync(file, 'utf8');
  const own = moduleOf(file);
  if (own && /\.(repository|sql)\.ts$/.test(file)) {
    for (const match of source.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)) {
      const table = tableNames.get(match[1] ?? '');
      if (table) modules.get(own)?.writes.add(table);
    }
  }
  for (const match of source.matchAll(IMPORT)) {
    const target = moduleOf(path.resolve(path.dirname(file), match[3] ?? ''));
    if (!target || target === own) continue;
    const entry = modules.get(target);
    if (!entry) continue;
    const values = (match[1] ? [] : (match[2] ?? '').split(','))
      .map((name) => name.trim())
      .filter((name) => name !== '' && !name.startsWith('type '))
      .map((name) => name.split(/\s+as\s+/)[0]);
    if (values.length === 0) continue;
    for (const value of values) entry.exposes.add(value);
    entry.callers.add(own ?? path.relative(SRC, file).replace(/\.ts$/, ''));
  }
}

const list = (set) =>
  [...set]
    .sort()
    .map((item) => `\`${item}\``)
    .join(', ') || '—';
const rows = [...modules].map(
  ([name, entry]) => `| ${name} | ${list(entry.writes)} | ${list(entry.exposes)} | ${list(entry.callers)} |`,
);
const table = [
  '| Module | Tables it writes | What others call | Called by |',
  '| --- | --- | --- | --- |',
  ...rows,
].join('\n');

const START = '<!-- module-table:start (npm run docs:modules -- --write) -->';
const END = '<!-- module-table:end -->';
if (process.argv.includes('--write')) {
  const doc = path.join(ROOT, 'docs/ARCHITECTURE.md');
  const text = readFileSync(doc, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from === -1 || to === -1) throw new Error(`docs/ARCHITECTURE.md has no ${START} … ${END}`);
  writeFileSync(doc, `${text.slice(0, from + START.length)}\n${table}\n${text.slice(to)}`);
} else {
  console.log(table);
}
