/**
 * The go-live checklist's query key (issue 31): the go-live feature reads it, and the store's profile and
 * hours forms mark it stale, since a phone or hours saved there tick items of it.
 */
export function goLiveKey(storeId: number) {
  return ['go-live', storeId] as const;
}
