import type { CatalogImportMode, CatalogImportReport } from '@mandado/shared/merchant-catalog.schemas';
import { apiPostBody, segment } from '@mandado/web-kit/api-client.ts';

/** The catalog's CSV (issue 18): the import with its dry run, and the two files to start from. */

function productsPath(storeId: number): string {
  return `/merchant/stores/${segment(storeId)}/products`;
}

/**
 * The file as the raw body, always typed text/csv: a phone or Windows names a chosen .csv by its extension
 * ('application/vnd.ms-excel') or not at all, and the API reads text/csv and text/plain only.
 */
export function csvBody(file: Blob): Blob {
  return new Blob([file], { type: 'text/csv' });
}

export interface ImportChoice {
  /** 'all': the whole file or nothing; 'valid': the rows without errors (issue 31). */
  mode: CatalogImportMode;
  /** The new categories the owner confirmed, by name. */
  confirmed: readonly string[];
}

/** The import's query: `dry_run=1` for the preview, the mode, and each confirmed category once. */
export function importQuery(dryRun: boolean, choice: ImportChoice): string {
  const search = new URLSearchParams();
  if (dryRun) search.set('dry_run', '1');
  if (choice.mode !== 'all') search.set('mode', choice.mode);
  for (const name of choice.confirmed) search.append('confirm_category', name);
  const query = search.toString();
  return query ? `?${query}` : '';
}

/** `dryRun`: what the file would do and every row's error, changing nothing. */
export function importCatalogCsv(
  storeId: number,
  file: Blob,
  dryRun: boolean,
  choice: ImportChoice = { mode: 'all', confirmed: [] },
): Promise<CatalogImportReport> {
  return apiPostBody<CatalogImportReport>(
    `${productsPath(storeId)}/import/${importQuery(dryRun, choice)}`,
    csvBody(file),
  );
}

/**
 * Downloads are plain links (the session cookie goes with them and the server names the file), so they
 * carry the API's /v1 prefix themselves instead of going through the client.
 */
export function catalogTemplateHref(storeId: number): string {
  return `/v1${productsPath(storeId)}/template/`;
}

export function catalogExportHref(storeId: number): string {
  return `/v1${productsPath(storeId)}/export/`;
}
