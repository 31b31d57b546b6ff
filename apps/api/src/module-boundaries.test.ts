import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Routes → service → repository, and a repository is called only by its own module (ARCHITECTURE.md): other
 * modules and the plugins reach a module through its service. The edges below predate the rule (issue 16 D
 * found them); each is a debt to pay by giving the target module a service function. The list may only
 * shrink: a new import of another module's repository fails here, so the staff side starts clean.
 */
const KNOWN_DEBTS = new Set([
  'modules/orders/tracking.service.ts -> modules/order-status/order-status.repository.ts',
  'modules/orders/order-history.service.ts -> modules/cart/cart.repository.ts',
  'modules/orders/orders.service.ts -> modules/catalog/catalog.repository.ts',
  'modules/orders/order-release.ts -> modules/coupons/coupons.repository.ts',
  'modules/orders/tracking.presenter.ts -> modules/order-status/order-status.repository.ts',
  'modules/orders/bought-together.repository.ts -> modules/catalog/catalog.repository.ts',
  'modules/orders/place-order.service.ts -> modules/cart/cart.repository.ts',
  'modules/orders/place-order.service.ts -> modules/coupons/coupons.repository.ts',
  'modules/cards/cards.service.ts -> modules/accounts/users.repository.ts',
  'modules/cart/cart.repository.ts -> modules/catalog/catalog.repository.ts',
  'modules/accounts/accounts.service.ts -> modules/referrals/referrals.repository.ts',
]);

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
  it("reaches another module's repository only through the edges listed as known debts", () => {
    const edges = crossModuleRepositoryImports();
    expect(edges.filter((edge) => !KNOWN_DEBTS.has(edge))).toEqual([]);
  });

  it('lists no paid debt: an edge that is gone leaves the list too', () => {
    const edges = new Set(crossModuleRepositoryImports());
    expect([...KNOWN_DEBTS].filter((edge) => !edges.has(edge))).toEqual([]);
  });
});
