import type { Database } from '../../db/database.ts';
import { settings } from '../../db/schema/settings.ts';

export async function readAllSettings(db: Database): Promise<Map<string, string>> {
  const rows = await db.select().from(settings);
  return new Map(rows.map((row) => [row.key, row.value]));
}
