import { create } from 'zustand';

/** Versioned like the shop's keys: a copy of an older shape is never misread. */
const STORAGE_KEY = 'mandado:staff-store:v1';

function readStoredId(): number | null {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null');
    return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function writeStoredId(storeId: number | null): void {
  try {
    if (storeId === null) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(storeId));
  } catch {
    // Storage can be off (private mode, quota): the member simply picks again next time.
  }
}

interface StoreChoiceState {
  /** The store a member of several works in now, remembered on this device; null until they pick. */
  storeId: number | null;
  chooseStore: (storeId: number | null) => void;
}

export const useStoreChoice = create<StoreChoiceState>()((set) => ({
  storeId: readStoredId(),
  chooseStore: (storeId) => {
    writeStoredId(storeId);
    set({ storeId });
  },
}));

/**
 * The store to work in: the only one a member has, else the remembered one while it is still theirs, else
 * none (the member picks).
 */
export function currentStore<T extends { id: number }>(
  stores: readonly T[],
  chosenId: number | null,
): T | null {
  if (stores.length === 1) return stores[0] ?? null;
  return stores.find((store) => store.id === chosenId) ?? null;
}
