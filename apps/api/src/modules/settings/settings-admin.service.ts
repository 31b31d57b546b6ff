import {
  ADMIN_SETTINGS_MESSAGES,
  type AdminSetting,
  type SettingChange,
} from '@mandado/shared/admin-settings.schemas';
import {
  checkSettingInput,
  SETTING_GROUPS,
  SETTING_KEYS,
  SETTINGS_REGISTRY,
  type SettingDefinition,
  type SettingKey,
  settingText,
  settingValue,
} from '@mandado/shared/settings-registry';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { auditHistoryOf, recordAudit } from '../audit/audit.service.ts';
import { lockSettingRow, readAllSettings, upsertSettingRow } from './settings.repository.ts';

/** How many changes a setting's history shows (newest first); older ones stay in the audit trail. */
const HISTORY_LIMIT = 50;

type AnyDefinition = SettingDefinition<string | number | readonly string[]>;

function isSettingKey(key: string): key is SettingKey {
  return (SETTING_KEYS as string[]).includes(key);
}

function requireKey(key: string): SettingKey {
  if (!isSettingKey(key)) throw notFound(ADMIN_SETTINGS_MESSAGES.unknownSetting);
  return key;
}

/** The value in force as text: the stored one when it reads, else the default (what the shop uses). */
function effectiveText(key: SettingKey, stored: string | undefined): string {
  return settingText(settingValue(key, stored));
}

function presentSetting(key: SettingKey, stored: string | undefined): AdminSetting {
  const definition = SETTINGS_REGISTRY[key] as AnyDefinition;
  return {
    key,
    label: definition.label,
    description: definition.description,
    group: definition.group,
    group_label: SETTING_GROUPS[definition.group],
    type: definition.kind,
    value: effectiveText(key, stored),
    default: settingText(definition.default),
    public: definition.public,
    min: definition.bounds?.min ?? null,
    max: definition.bounds?.max ?? null,
  };
}

/** `GET /v1/admin/settings/`: every registry entry with its value in force, in the registry's order. */
export async function listAdminSettings(db: Database, actor: Actor | null): Promise<AdminSetting[]> {
  requirePermission(actor, 'admin:read');
  const stored = await readAllSettings(db);
  return SETTING_KEYS.map((key) => presentSetting(key, stored.get(key)));
}

/**
 * `PUT /v1/admin/settings/:key/`: the value checked by the registry's own rules (a Spanish 400 on `value`),
 * written with its audit row ('setting.changed', before and after as text) in one transaction. Settings are
 * read from the database on every request (no process cache), so every instance serves the new value at once.
 */
export async function updateSetting(
  db: Database,
  actor: Actor | null,
  rawKey: string,
  raw: string,
): Promise<AdminSetting> {
  const operator = requirePermission(actor, 'admin:manage');
  const key = requireKey(rawKey);
  const checked = checkSettingInput(key, raw);
  if (!checked.ok) throw new HttpError(400, { value: [checked.reason] });
  return db.transaction(async (tx) => {
    const before = effectiveText(key, await lockSettingRow(tx, key));
    if (before !== checked.stored) {
      await upsertSettingRow(tx, key, checked.stored);
      await recordAudit(tx, operator, {
        storeId: null,
        action: 'setting.changed',
        subject: `setting:${key}`,
        detail: { before, after: checked.stored },
      });
    }
    return presentSetting(key, checked.stored);
  });
}

/** `GET /v1/admin/settings/:key/history/`: the setting's audit rows, newest first. */
export async function settingHistory(
  db: Database,
  actor: Actor | null,
  rawKey: string,
): Promise<SettingChange[]> {
  requirePermission(actor, 'admin:read');
  const key = requireKey(rawKey);
  const rows = await auditHistoryOf(db, `setting:${key}`, HISTORY_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    by: row.actorEmail,
    before: typeof row.detail.before === 'string' ? row.detail.before : '',
    after: typeof row.detail.after === 'string' ? row.detail.after : '',
  }));
}
