import { STAFF_PATHS } from '@mandado/shared/staff-routes';

/** The catalog's pages (STAFF_PATHS is their one list; the server answers 404 for any other). */
export const CATALOG_PATH = STAFF_PATHS.merchantCatalog;
export const NEW_PRODUCT_PATH = STAFF_PATHS.merchantProductNew;
export const CATALOG_IMPORT_PATH = STAFF_PATHS.merchantCatalogImport;

export function editProductPath(productId: number): string {
  return STAFF_PATHS.merchantProduct.replace(':productId', String(productId));
}

/**
 * What the list hands the form in the history entry: its search ("?q=yerba"), so 'Guardar' comes back to
 * the same filtered list the owner left.
 */
export interface CatalogReturn {
  listSearch: string;
}

export function catalogReturnPath(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'listSearch' in state) {
    const search = (state as { listSearch: unknown }).listSearch;
    if (typeof search === 'string' && (search === '' || search.startsWith('?')))
      return `${CATALOG_PATH}${search}`;
  }
  return CATALOG_PATH;
}
