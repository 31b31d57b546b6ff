import { randomUUID } from 'node:crypto';
import {
  BENEFICIARIES_MAX,
  BENEFICIARY_MESSAGES,
  type Beneficiary,
  type BeneficiaryValues,
} from '@mandado/shared/beneficiary.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { z } from 'zod';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { getZoneMap } from '../geo/zones.service.ts';
import { isInsideUruguay } from '../geo/zones.ts';
import { presentBeneficiary } from './beneficiaries.presenter.ts';
import {
  type BeneficiaryWrite,
  countBeneficiaries,
  deleteBeneficiary,
  findServedCityById,
  insertBeneficiary,
  listBeneficiaries,
  updateBeneficiary,
} from './beneficiaries.repository.ts';

const uuidSchema = z.uuid();

/**
 * The public id from the path. A malformed one names nothing we have: 404, the same answer as an unknown id
 * or another remitter's, so the answer never tells which ids exist (and the uuid column never sees bad text).
 */
function beneficiaryIdFrom(value: string): string {
  const parsed = uuidSchema.safeParse(value);
  if (!parsed.success) throw notFound();
  return parsed.data.toLowerCase();
}

function toWrite(input: BeneficiaryValues): BeneficiaryWrite {
  // The schema's box also holds Buenos Aires: the outline decides (decision 019).
  if (!isInsideUruguay(input.latitude, input.longitude)) {
    const outside = [BENEFICIARY_MESSAGES.outsideUruguay];
    throw new HttpError(400, { latitude: outside, longitude: outside });
  }
  return {
    cityId: input.city_id,
    firstName: input.first_name,
    lastName: input.last_name,
    addressLine1: input.address_line1,
    mobile: input.mobile_number,
    landline: input.phone_number,
    residency: input.residency,
    // numeric(9,6) rounds to 6 decimals (about 0.1 m); the text form keeps the number exactly as sent.
    latitude: String(input.latitude),
    longitude: String(input.longitude),
    email: input.email,
    deliveryNotes: input.delivery_notes,
  };
}

/** The city of a beneficiary must be one we deliver to; compared by id (issue 9). */
async function requireServedCityById(db: Database, cityId: number) {
  const city = await findServedCityById(db, cityId);
  if (!city) throw new HttpError(400, { city_id: [SERVER_MESSAGES.unknownCity] });
  return city;
}

/** Spec §4 Beneficiaries: the remitter's own, newest first; one query whatever their number. */
export async function getBeneficiaries(
  db: Database,
  actor: Actor | null,
  filter: { cityId?: number | undefined },
): Promise<{ results: Beneficiary[] }> {
  const { userId } = requirePermission(actor, 'account:own');
  const [rows, zones] = await Promise.all([listBeneficiaries(db, userId, filter.cityId), getZoneMap(db)]);
  return { results: rows.map((row) => presentBeneficiary(row, row.city, zones)) };
}

export async function createBeneficiary(
  db: Database,
  actor: Actor | null,
  input: BeneficiaryValues,
): Promise<{ data: Beneficiary }> {
  const { userId } = requirePermission(actor, 'account:own');
  const [city, saved] = await Promise.all([
    requireServedCityById(db, input.city_id),
    countBeneficiaries(db, userId),
  ]);
  // The list answers every row at once, so the count is bounded.
  if (saved >= BENEFICIARIES_MAX) throw new HttpError(400, { detail: BENEFICIARY_MESSAGES.tooMany });
  const row = await insertBeneficiary(db, userId, randomUUID(), toWrite(input));
  return { data: presentBeneficiary(row, city, await getZoneMap(db)) };
}

export async function replaceBeneficiary(
  db: Database,
  actor: Actor | null,
  input: { beneficiaryId: string; values: BeneficiaryValues },
): Promise<{ data: Beneficiary }> {
  const { userId } = requirePermission(actor, 'account:own');
  const beneficiaryId = beneficiaryIdFrom(input.beneficiaryId);
  const city = await requireServedCityById(db, input.values.city_id);
  const row = await updateBeneficiary(db, userId, beneficiaryId, toWrite(input.values));
  if (!row) throw notFound();
  return { data: presentBeneficiary(row, city, await getZoneMap(db)) };
}

/**
 * Deletes the remitter's beneficiary. Orders will keep their own copy of the address (decision 018), so no
 * order changes or blocks the deletion.
 */
export async function removeBeneficiary(
  db: Database,
  actor: Actor | null,
  input: { beneficiaryId: string },
): Promise<{ detail: string }> {
  const { userId } = requirePermission(actor, 'account:own');
  const beneficiaryId = beneficiaryIdFrom(input.beneficiaryId);
  if (!(await deleteBeneficiary(db, userId, beneficiaryId))) throw notFound();
  return { detail: BENEFICIARY_MESSAGES.deleted };
}
