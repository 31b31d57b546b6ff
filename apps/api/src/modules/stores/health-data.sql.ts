import { HEALTH_DATA_STORE_KINDS } from '@mandado/shared/health-data';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { stores } from '../../db/schema/catalog.ts';

/**
 * Whether the store `storeId` names sells what reveals health (pharmacies; issue 32, decision 072): for the
 * modules that hide a pharmacy order's lines from whoever may not read them.
 */
export function storeHoldsHealthData(storeId: SQL | AnyPgColumn): SQL {
  const kinds = sql.join(
    HEALTH_DATA_STORE_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  return sql`exists (select 1 from ${stores} h where h.id = ${storeId} and h.kind in (${kinds}))`;
}
