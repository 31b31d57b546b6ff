import type { StoreKind } from './store-kinds.ts';

/**
 * Health data (issue 32, decision 072): what someone buys at a pharmacy can reveal their health, sensitive data
 * under Ley 18.331 art. 18. The lines of these stores' orders are seen by the store itself, the remitter who
 * bought them and operators holding `order:health`; everyone else reads the placeholder instead of each name.
 */
export const HEALTH_DATA_STORE_KINDS: readonly StoreKind[] = ['pharmacy'];

/** What replaces a pharmacy line's name for whoever may not read it. */
export const RESERVED_HEALTH_LINE = 'Contenido reservado (farmacia)';

export function holdsHealthData(kind: string): boolean {
  return (HEALTH_DATA_STORE_KINDS as readonly string[]).includes(kind);
}
