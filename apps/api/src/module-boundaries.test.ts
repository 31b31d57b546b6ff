import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Routes → service → repository, and a repository is called only by its own module (ARCHITECTURE.md): other
 * modules and the plugins reach a module through its service (issue 16 D). A shared column set or SQL fragment
 * lives in a `*.sql.ts` file of its module (catalog/product-columns.sql.ts, stores/store-availability.sql.ts).
 */
const SRC = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every `importer -> repository` edge that crosses a module's folder, as paths relative to src/. */
function crossModuleRepositoryImports(): string[] {
  const edges: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/from '(\.[^']*\.repository\.ts)'/g)) {
      const target = path.resolve(path.dirname(file), match[1] ?? '');
      if (path.dirname(target) === path.dirname(file)) continue;
      edges.push(`${path.relative(SRC, file)} -> ${path.relative(SRC, target)}`);
    }
  }
  return edges.sort();
}

describe('module boundaries', () => {
  it("never imports another module's repository", () => {
    expect(crossModuleRepositoryImports()).toEqual([]);
  });
});
