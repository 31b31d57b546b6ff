import type { CatalogImportReport } from '@mandado/shared/merchant-catalog.schemas';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { Actor } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type CsvProductRow, catalogCsv, catalogCsvTemplate, parseCatalogCsv } from './catalog-csv.ts';
import {
  type ImportTargetRow,
  insertCategories,
  insertProductsBulk,
  listProductsForExport,
  listProductsForImport,
  listStoreCategories,
  readStoreCurrency,
  updateProductsBulk,
} from './merchant-catalog.repository.ts';
import { requireOwner } from './merchant-catalog.service.ts';

function firstError(errors: CatalogImportReport['errors']): string {
  const [first] = errors;
  return first ? `Fila ${first.line}${first.column ? `, ${first.column}` : ''}: ${first.message}.` : '';
}

/** "1250.5" and "1250.50" are the same price: compare in minor units. */
function samePrice(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return parseMoney(a) === parseMoney(b);
}

function unchanged(current: ImportTargetRow, row: CsvProductRow, categoryId: number): boolean {
  const currentDiscount = current.discount ? current.merchantDiscountedPrice : null;
  return (
    current.description === row.description &&
    current.categoryId === categoryId &&
    samePrice(current.price, row.price) &&
    samePrice(currentDiscount, row.discountedPrice) &&
    current.stock === row.stock &&
    current.active === row.active
  );
}

/** A category's key: the same name whatever its case or surrounding spaces. */
function categoryKey(name: string): string {
  return name.trim().toLocaleLowerCase('es');
}

/**
 * `POST …/products/import/` (issue 18): all or nothing. The dry run reads the file and says, row by row, what
 * would be created, updated or left alone and every row's Spanish error, and writes nothing. The real run
 * refuses the whole file if any row is wrong; otherwise it creates the missing categories and products and
 * updates the changed ones in one transaction (a few statements of 500 rows, so 10,000 rows take seconds).
 * Products are matched by name, so the same file imported twice changes nothing the second time; images
 * are kept, and a product missing from the file is left as it is (the file is not a deletion list).
 */
export async function importCatalog(
  db: Database,
  actor: Actor,
  storeId: number,
  file: string | Uint8Array,
  dryRun: boolean,
): Promise<CatalogImportReport> {
  requireOwner(actor, storeId);
  const { rows, errors } = parseCatalogCsv(file);
  const report = (counts: { created: number; updated: number; unchanged: number; categories: number }) => ({
    dry_run: dryRun,
    rows: rows.length + new Set(errors.map((error) => error.line)).size,
    created: counts.created,
    updated: counts.updated,
    unchanged: counts.unchanged,
    new_categories: counts.categories,
    errors: errors.map((error) => ({ line: error.line, column: error.column, message: error.message })),
  });
  if (errors.length > 0) {
    const answer = report({ created: 0, updated: 0, unchanged: 0, categories: 0 });
    if (dryRun) return answer;
    // The screen runs the dry run first and shows every row's error; a file sent straight here hears why.
    throw new HttpError(400, { detail: `${SERVER_MESSAGES.csvHasErrors} ${firstError(answer.errors)}` });
  }

  return db.transaction(async (tx) => {
    const existing = new Map(
      (await listProductsForImport(tx, storeId)).map((product) => [product.name, product]),
    );
    const categoryIds = new Map(
      (await listStoreCategories(tx, storeId)).map((category) => [categoryKey(category.name), category.id]),
    );
    const missingCategories = [
      ...new Map(
        rows
          .filter((row) => !categoryIds.has(categoryKey(row.category)))
          .map((row) => [categoryKey(row.category), row.category.trim()]),
      ).values(),
    ];
    const counts = { created: 0, updated: 0, unchanged: 0, categories: missingCategories.length };
    if (!dryRun) {
      for (const category of await insertCategories(tx, storeId, missingCategories)) {
        categoryIds.set(categoryKey(category.name), category.id);
      }
    }

    const toCreate: Parameters<typeof insertProductsBulk>[3][number][] = [];
    const toUpdate: Parameters<typeof updateProductsBulk>[2][number][] = [];
    for (const row of rows) {
      // In a dry run a new category has no id yet: -1 stands for it (no product is in it, so none compares equal).
      const categoryId = categoryIds.get(categoryKey(row.category)) ?? -1;
      const values = {
        name: row.name,
        description: row.description,
        categoryId,
        price: formatMinorAsDecimal(parseMoney(row.price)),
        merchantDiscountedPrice: row.discountedPrice,
        discount: row.discountedPrice !== null,
        stock: row.stock,
        active: row.active,
      };
      const current = existing.get(row.name);
      if (!current) {
        counts.created += 1;
        toCreate.push({ ...values, images: [] });
      } else if (unchanged(current, row, categoryId)) {
        counts.unchanged += 1;
      } else {
        counts.updated += 1;
        toUpdate.push({ ...values, id: current.id });
      }
    }
    if (dryRun) return report(counts);

    await insertProductsBulk(tx, storeId, await readStoreCurrency(tx, storeId), toCreate);
    await updateProductsBulk(tx, storeId, toUpdate);
    await recordAudit(tx, actor, {
      storeId,
      action: 'product.import',
      subject: `store:${storeId}`,
      detail: { created: counts.created, updated: counts.updated, unchanged: counts.unchanged },
    });
    return report(counts);
  });
}

/** The store's products as CSV, in the format the import reads. */
export async function exportCatalog(db: Database, actor: Actor, storeId: number): Promise<string> {
  requireOwner(actor, storeId);
  const products = await listProductsForExport(db, storeId);
  return catalogCsv(
    products.map((product) => ({
      name: product.name,
      description: product.description,
      category: product.category,
      price: formatMinorAsDecimal(parseMoney(product.price)),
      discountedPrice:
        product.discount && product.merchantDiscountedPrice !== null
          ? formatMinorAsDecimal(parseMoney(product.merchantDiscountedPrice))
          : null,
      stock: product.stock,
      active: product.active,
    })),
  );
}

/** The header and one example row, for an owner starting from nothing. */
export function catalogTemplate(actor: Actor, storeId: number): string {
  requireOwner(actor, storeId);
  return catalogCsvTemplate();
}
