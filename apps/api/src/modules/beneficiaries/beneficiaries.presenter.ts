import type { Beneficiary, Residency } from '@mandado/shared/beneficiary.schemas';
import { deliveryZoneFor, type ZoneMap } from '../geo/zones.ts';
import type { BeneficiaryRow, CityRow } from './beneficiaries.repository.ts';

/**
 * The API's beneficiary (spec §3): the city in the shared City shape, the country fixed to Uruguay, the
 * coordinates as numbers and the delivery zone computed from the point (never stored, so a redrawn outline
 * applies to every saved address at once).
 */
export function presentBeneficiary(
  row: Omit<BeneficiaryRow, 'city'>,
  city: CityRow,
  /** The zones in force (geo's getZoneMap: the operators' upload, else the gazetteer's). */
  zones: ZoneMap,
): Beneficiary {
  const latitude = Number(row.latitude);
  const longitude = Number(row.longitude);
  return {
    beneficiary_id: row.beneficiaryId,
    first_name: row.firstName,
    last_name: row.lastName,
    address_line1: row.addressLine1,
    city: { id: city.id, name: city.name, state: city.state, state_id: city.stateId },
    country: 'Uruguay',
    mobile_number: row.mobile,
    phone_number: row.landline,
    // The table's check constraint holds the column to the same five values.
    residency: row.residency as Residency,
    latitude,
    longitude,
    email: row.email,
    delivery_notes: row.deliveryNotes,
    zone: deliveryZoneFor(latitude, longitude, zones),
  };
}
