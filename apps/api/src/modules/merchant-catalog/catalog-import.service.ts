import type { CatalogImportMode, CatalogImportReport } from '@mandado/shared/merchant-catalog.schemas';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { Actor } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type CsvProductRow, catalogCsv, catalogCsvTemplate, parseCatalogCsv } from './catalog-csv.ts';
import { closestCategory } from './category-suggestion.ts';
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
    current.active === row.active &&
    (row.returnable === null || current.returnable === row.returnable) &&
    (row.vatRate === undefined || current.vatRate === row.vatRate)
  );
}

/** A category's key: the same name whatever its case or surrounding spaces. */
function categoryKey(name: string): string {
  return name.trim().toLocaleLowerCase('es');
}

export interface CatalogImportOptions {
  dryRun: boolean;
  /** 'all': the whole file or nothing (issue 18); 'valid': the good rows, the others listed (issue 31). */
  mode: CatalogImportMode;
  /** New categories the owner confirmed, by name (case and surrounding spaces aside). */
  confirmedCategories: readonly string[];
}

/**
 * `POST …/products/import/` (issue 18, issue 31). The dry run reads the file and says, row by row, what
 * would be created, updated or left alone, every row's Spanish error and each category the store lacks with
 * the closest one it has, and writes nothing. The real run in mode 'all' refuses the whole file if any row is
 * wrong; in mode 'valid' it imports the good rows and reports the others as skipped. A problem with the file
 * itself (encoding, header, size) refuses it in both modes. When the store already has categories, a new one
 * is created only if the request confirms it by name, so 'Inexistente' is never created silently. The writes
 * are one transaction (a few statements of 500 rows, so 10,000 rows take seconds). Products are matched by
 * name, so the same file imported twice changes nothing the second time; images are kept, and a product
 * missing from the file is left as it is (the file is not a deletion list).
 */
export async function importCatalog(
  db: Database,
  actor: Actor,
  storeId: number,
  file: string | Uint8Array,
  options: CatalogImportOptions,
): Promise<CatalogImportReport> {
  requireOwner(actor, storeId);
  const { dryRun, mode } = options;
  const { rows, errors } = parseCatalogCsv(file);
  const wrongLines = new Set(errors.map((error) => error.line));
  // Line 1 is the file itself (its encoding, header or size): no row of it can be trusted.
  const fileUnreadable = errors.some((error) => error.line <= 1);
  const report = (
    counts: { created: number; updated: number; unchanged: number; categories: number },
    categoryList: CatalogImportReport['category_list'] = [],
    needsConfirmation = false,
  ): CatalogImportReport => ({
    dry_run: dryRun,
    rows: rows.length + wrongLines.size,
    created: counts.created,
    updated: counts.updated,
    unchanged: counts.unchanged,
    new_categories: counts.categories,
    errors: errors.map((error) => ({ line: error.line, column: error.column, message: error.message })),
    mode,
    skipped: mode === 'valid' && !fileUnreadable ? wrongLines.size : 0,
    category_list: categoryList,
    needs_confirmation: needsConfirmation,
  });
  if (errors.length > 0 && (mode === 'all' || fileUnreadable)) {
    const answer = report({ created: 0, updated: 0, unchanged: 0, categories: 0 });
    if (dryRun) return answer;
    // The screen runs the dry run first and shows every row's error; a file sent straight here hears why.
    throw new HttpError(400, { detail: `${SERVER_MESSAGES.csvHasErrors} ${firstError(answer.errors)}` });
  }

  return db.transaction(async (tx) => {
    const existing = new Map(
      (await listProductsForImport(tx, storeId)).map((product) => [product.name, product]),
    );
    const storeCategories = await listStoreCategories(tx, storeId);
    const categoryIds = new Map(storeCategories.map((category) => [categoryKey(category.name), category.id]));
    const missingCategories = [
      ...new Map(
        rows
          .filter((row) => !categoryIds.has(categoryKey(row.category)))
          .map((row) => [categoryKey(row.category), row.category.trim()]),
      ).values(),
    ];
    const counts = { created: 0, updated: 0, unchanged: 0, categories: missingCategories.length };
    const storeHasCategories = storeCategories.length > 0;
    const existingNames = storeCategories.map((category) => category.name);
    const categoryList = missingCategories.map((name) => ({
      name,
      suggestion: closestCategory(name, existingNames),
    }));
    const confirmed = new Set(options.confirmedCategories.map(categoryKey));
    const unconfirmed = storeHasCategories
      ? missingCategories.filter((name) => !confirmed.has(categoryKey(name)))
      : [];
    if (!dryRun && unconfirmed.length > 0) {
      throw new HttpError(409, { detail: SERVER_MESSAGES.csvUnconfirmedCategories(unconfirmed) });
    }
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
        ...(row.returnable === null ? {} : { returnable: row.returnable }),
      };
      const current = existing.get(row.name);
      // A file without the 'iva' column keeps each product's rate (decision 078).
      const vatRate = row.vatRate === undefined ? (current?.vatRate ?? null) : row.vatRate;
      if (!current) {
        counts.created += 1;
        toCreate.push({ ...values, vatRate, images: [] });
      } else if (unchanged(current, row, categoryId)) {
        counts.unchanged += 1;
      } else {
        counts.updated += 1;
        toUpdate.push({ ...values, vatRate, id: current.id });
      }
    }
    if (dryRun) return report(counts, categoryList, unconfirmed.length > 0);

    await insertProductsBulk(tx, storeId, await readStoreCurrency(tx, storeId), toCreate);
    await updateProductsBulk(tx, storeId, toUpdate);
    await recordAudit(tx, actor, {
      storeId,
      action: 'product.import',
      subject: `store:${storeId}`,
      detail: {
        created: counts.created,
        updated: counts.updated,
        unchanged: counts.unchanged,
        skipped: wrongLines.size,
        mode,
      },
    });
    return report(counts, categoryList);
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
      returnable: product.returnable,
      vatRate: product.vatRate,
    })),
  );
}

/** The header and one example row, for an owner starting from nothing. */
export function catalogTemplate(actor: Actor, storeId: number): string {
  requireOwner(actor, storeId);
  return catalogCsvTemplate();
}
