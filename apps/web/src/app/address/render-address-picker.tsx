import { AddressPicker } from '../../features/address/address-picker.tsx';
import type { AddressSlotProps } from '../../features/beneficiaries/beneficiary-form.tsx';
import type { StoreAddressSlotProps } from '../../features/store-application/store-application-form.tsx';

/** The beneficiary form's address slot filled with the map picker (features never import each other). */
export function renderAddressPicker(props: AddressSlotProps) {
  return <AddressPicker {...props} />;
}

/** The store application's address and pin (issue 18): the same picker, without the shopper's delivery notices. */
export function renderStoreAddressPicker(props: StoreAddressSlotProps) {
  return <AddressPicker {...props} zoneNotices={false} />;
}
