import { eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { settings } from '../../db/schema/settings.ts';

export async function readAllSettings(db: DatabaseOrTransaction): Promise<Map<string, string>> {
  const rows = await db.select().from(settings);
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function readSettingRow(db: DatabaseOrTransaction, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

/** Writes one setting's text (insert or replace), in the operator's transaction. */
export async function upsertSettingRow(db: DatabaseOrTransaction, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

/** The row's text under a row lock, so two operators' edits of one key record their before/after in turn. */
export async function lockSettingRow(db: DatabaseOrTransaction, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .for('update');
  return row?.value;
}
