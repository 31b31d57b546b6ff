export interface StartInput {
  pathname: string;
  savedStoreId: number | null;
  /** Ids of the saved city's stores; null when they could not be loaded. */
  storeIds: readonly number[] | null;
}

export interface StartDecision {
  /** The store to select; undefined keeps the current one. */
  storeId?: number | null;
  navigateTo: string | null;
}

/** Routes that mean "take me to my shop" rather than a specific page. */
const ENTRY_PATHS = new Set(['/', '/products']);

/**
 * Spec §4 step 4 for a visitor with a saved city: use the saved store if it is still there; otherwise one store
 * is selected and opened, several send the visitor to /stores. Deep links to other pages are left alone.
 */
export function startDestination({ pathname, savedStoreId, storeIds }: StartInput): StartDecision {
  if (storeIds === null) return { navigateTo: null };
  if (savedStoreId !== null && storeIds.includes(savedStoreId)) {
    return { navigateTo: pathname === '/' ? '/products' : null };
  }
  const only = storeIds.length === 1 ? storeIds[0] : undefined;
  const isEntry = ENTRY_PATHS.has(pathname);
  if (only !== undefined) return { storeId: only, navigateTo: isEntry ? '/products' : null };
  return { storeId: null, navigateTo: isEntry ? '/stores' : null };
}
