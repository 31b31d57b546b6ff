import { AddressPicker } from '../../features/address/address-picker.tsx';
import type { AddressSlotProps } from '../../features/beneficiaries/beneficiary-form.tsx';

/** The beneficiary form's address slot filled with the map picker (features never import each other). */
export function renderAddressPicker(props: AddressSlotProps) {
  return <AddressPicker {...props} />;
}
