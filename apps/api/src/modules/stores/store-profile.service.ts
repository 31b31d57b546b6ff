import { randomUUID } from 'node:crypto';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { StoreHoursValues } from '@mandado/shared/store-hours.schemas';
import type { MerchantStoreProfile, StoreProfileValues } from '@mandado/shared/store-profile.schemas';
import { type Actor, requireStoreMember, requireStoreOwner } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { sqlStateOf } from '../../db/transaction-retry.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { getZoneMap } from '../geo/zones.service.ts';
import { deliveryZoneFor } from '../geo/zones.ts';
import { prepareImage } from '../media/image-intake.ts';
import {
  type ImageVariant,
  putImageVariants,
  readImageVariant,
  renderImageVariants,
} from '../media/image-variants.ts';
import type { MediaStorage } from '../media/media-storage.ts';
import { presentStoreProfile } from './store-profile.presenter.ts';
import type { StoreProfileRow } from './store-profile.repository.ts';
import {
  findStoreProfile,
  storeNameTakenByAnother,
  updateStoreHours,
  updateStoreLogo,
  updateStoreProfile,
} from './store-profile.repository.ts';

/**
 * The store's profile and hours (issue 18, decision 047): any member reads them, only owners change them.
 * Every change is one transaction with its audit row (before and after), and moves the catalog revision
 * through the `stores` trigger, so shoppers see it with their next request.
 */

export async function getStoreProfile(
  db: Database,
  actor: Actor | null,
  storeId: number,
): Promise<MerchantStoreProfile> {
  requireStoreMember(actor, storeId);
  const row = await findStoreProfile(db, storeId);
  if (!row) throw notFound();
  return presentStoreProfile(row);
}

const nameTaken = () => new HttpError(409, { name: [SERVER_MESSAGES.storeNameTaken] });

/** The fields that changed, as { field: { from, to } }, for the audit row. */
function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(value))
      changed[key] = { from: before[key], to: value };
  }
  return changed;
}

function profileFields(row: StoreProfileRow) {
  return {
    name: row.name,
    phone: row.phone,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    latitude: Number(row.latitude).toFixed(6),
    longitude: Number(row.longitude).toFixed(6),
  };
}

/**
 * Name, phone, address and pin. The pin must fall inside the served city's outline (the shared schema only
 * knows Uruguay's box); the name must be free among every store, whatever its status, as the shop's page
 * address is made from it.
 */
export async function saveStoreProfile(
  db: Database,
  actor: Actor | null,
  storeId: number,
  input: StoreProfileValues,
): Promise<MerchantStoreProfile> {
  const owner = requireStoreOwner(actor, storeId);
  if (!deliveryZoneFor(input.latitude, input.longitude, await getZoneMap(db)).in_service_area) {
    throw new HttpError(400, { latitude: [SERVER_MESSAGES.mapPinInServedCity] });
  }
  try {
    return await db.transaction(async (tx) => {
      const before = await findStoreProfile(tx, storeId, { lock: true });
      if (!before) throw notFound();
      if (await storeNameTakenByAnother(tx, storeId, input.name)) throw nameTaken();
      const after = {
        name: input.name,
        phone: input.phone,
        address_line1: input.address_line1,
        address_line2: input.address_line2,
        latitude: input.latitude.toFixed(6),
        longitude: input.longitude.toFixed(6),
      };
      const changed = changes(profileFields(before), after);
      if (Object.keys(changed).length === 0) return presentStoreProfile(before);
      await updateStoreProfile(tx, storeId, {
        name: after.name,
        phone: after.phone,
        addressLine1: after.address_line1,
        addressLine2: after.address_line2,
        latitude: after.latitude,
        longitude: after.longitude,
      });
      await recordAudit(tx, owner, {
        storeId,
        action: 'store.profile',
        subject: `store:${storeId}`,
        detail: changed,
      });
      return presentStoreProfile({
        ...before,
        name: after.name,
        phone: after.phone,
        addressLine1: after.address_line1,
        addressLine2: after.address_line2,
        latitude: after.latitude,
        longitude: after.longitude,
      });
    });
  } catch (error) {
    // Two owners renaming two stores to the same name at once: the unique index answers for the slower one.
    if (sqlStateOf(error) === '23505') throw nameTaken();
    throw error;
  }
}

/** The week (null: no hours, always open). */
export async function saveStoreHours(
  db: Database,
  actor: Actor | null,
  storeId: number,
  input: StoreHoursValues,
): Promise<MerchantStoreProfile> {
  const owner = requireStoreOwner(actor, storeId);
  return db.transaction(async (tx) => {
    const before = await findStoreProfile(tx, storeId, { lock: true });
    if (!before) throw notFound();
    await updateStoreHours(tx, storeId, input.hours);
    await recordAudit(tx, owner, {
      storeId,
      action: 'store.hours',
      subject: `store:${storeId}`,
      detail: { from: before.openingHours, to: input.hours },
    });
    return presentStoreProfile({ ...before, openingHours: input.hours });
  });
}

/** Where a store's uploaded logo is kept, and the public address the shop loads it from. */
export function storeLogoKey(storeId: number, fileId: string): string {
  return `logos/${storeId}/${fileId}.webp`;
}

export function storeLogoUrl(storeId: number, fileId: string): string {
  return `/media/logos/${storeId}/${fileId}.webp`;
}

/**
 * 'Cambiar logo': the photo is checked by content and re-encoded to WebP without metadata like a product
 * photo (prepareImage, decision 041), stored under a new name (served with an immutable cache) and set on
 * the store at once. The old file stays: an order's e-mail or a cached page may still point at it.
 */
export async function uploadStoreLogo(
  db: Database,
  actor: Actor | null,
  storeId: number,
  bytes: Buffer,
  media: MediaStorage,
): Promise<MerchantStoreProfile> {
  const owner = requireStoreOwner(actor, storeId);
  const image = await prepareImage(bytes);
  const fileId = randomUUID();
  await media.put(storeLogoKey(storeId, fileId), image.body, image.contentType);
  // The widths and formats the shop's srcset names (issue 30), made once here.
  await putImageVariants(media, storeLogoKey(storeId, fileId), await renderImageVariants(image.body));
  const logo = storeLogoUrl(storeId, fileId);
  return db.transaction(async (tx) => {
    const before = await findStoreProfile(tx, storeId, { lock: true });
    if (!before) throw notFound();
    await updateStoreLogo(tx, storeId, logo);
    await recordAudit(tx, owner, {
      storeId,
      action: 'store.logo',
      subject: `store:${storeId}`,
      detail: { from: before.logo, to: logo },
    });
    return presentStoreProfile({ ...before, logo });
  });
}

/** A public logo by its URL's parts, or null (the route answers 404); with `variant`, that width and format. */
export function readStoreLogo(
  media: MediaStorage,
  storeId: number,
  fileId: string,
  variant: ImageVariant | null = null,
) {
  const key = storeLogoKey(storeId, fileId);
  return variant ? readImageVariant(media, key, variant) : media.get(key);
}
