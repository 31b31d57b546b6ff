import type { AdminZoneList } from '@mandado/shared/admin-settings.schemas';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { LatLng } from './gazetteer/gazetteer.types.ts';
import { readZoneUpload } from './zone-upload.ts';
import {
  type DeliveryZoneRow,
  listDeliveryZones,
  readZonesRevision,
  replaceDeliveryZones,
} from './zones.repository.ts';
import { GAZETTEER_ZONES, type ZoneMap } from './zones.ts';

/**
 * The last zone map read, per database handle, with the revision it was read at. Not state that decides
 * anything: every lookup reads the revision from the database first (one tiny query), so an upload through any
 * instance is used by every instance on its next lookup; the cache only saves re-reading the polygons.
 */
const zoneCache = new WeakMap<object, { revision: string; map: ZoneMap }>();

function zoneMapFrom(rows: readonly DeliveryZoneRow[]): ZoneMap | null {
  const area = rows.find((row) => row.kind === 'service_area');
  if (!area) return null;
  return {
    serviceArea: area.polygon as LatLng[],
    meetingPoints: rows
      .filter((row) => row.kind === 'meeting_point')
      .map((row) => ({ name: row.name, note: row.note, outline: row.polygon as LatLng[] })),
  };
}

/** The zones in force for delivery lookups: the operators' upload when there is one, else the gazetteer's. */
export async function getZoneMap(db: DatabaseOrTransaction): Promise<ZoneMap> {
  const revision = await readZonesRevision(db);
  if (revision.startsWith('0:')) return GAZETTEER_ZONES;
  const cached = zoneCache.get(db);
  if (cached?.revision === revision) return cached.map;
  const map = zoneMapFrom(await listDeliveryZones(db)) ?? GAZETTEER_ZONES;
  zoneCache.set(db, { revision, map });
  return map;
}

/** `GET /v1/admin/zones/`: the zones in force, as the screen draws and lists them. */
export async function listAdminZones(db: Database, actor: Actor | null): Promise<AdminZoneList> {
  requirePermission(actor, 'admin:read');
  const rows = await listDeliveryZones(db);
  if (rows.some((row) => row.kind === 'service_area')) {
    return {
      source: 'uploaded',
      zones: rows.map((row) => ({
        name: row.name,
        kind: row.kind === 'service_area' ? 'service_area' : 'meeting_point',
        note: row.note,
        polygon: row.polygon,
      })),
    };
  }
  return {
    source: 'gazetteer',
    zones: [
      { name: 'Montevideo', kind: 'service_area', note: '', polygon: GAZETTEER_ZONES.serviceArea.map(pair) },
      ...GAZETTEER_ZONES.meetingPoints.map((zone) => ({
        name: zone.name,
        kind: 'meeting_point' as const,
        note: zone.note ?? '',
        polygon: zone.outline.map(pair),
      })),
    ],
  };
}

function pair([latitude, longitude]: LatLng): [number, number] {
  return [latitude, longitude];
}

/**
 * `PUT /v1/admin/zones/`: the uploaded GeoJSON, read strictly (a Spanish 400 naming the zone), replaces the
 * stored zones with its audit row (counts before and after, the new names) in one transaction.
 */
export async function replaceZones(db: Database, actor: Actor | null, body: unknown): Promise<AdminZoneList> {
  const operator = requirePermission(actor, 'admin:manage');
  const upload = readZoneUpload(body);
  if (!upload.ok) throw new HttpError(400, { detail: upload.reason });
  await db.transaction(async (tx) => {
    const before = await listDeliveryZones(tx);
    await replaceDeliveryZones(tx, upload.zones);
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'zones.replaced',
      subject: 'zones',
      detail: {
        before: before.length === 0 ? 'gazetteer' : before.map((zone) => `${zone.kind}:${zone.name}`),
        after: upload.zones.map((zone) => `${zone.kind}:${zone.name}`),
      },
    });
  });
  return listAdminZones(db, operator);
}
