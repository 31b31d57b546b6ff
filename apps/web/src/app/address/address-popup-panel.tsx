import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCurrentUser } from '../../features/accounts/use-current-user.ts';
import { AddressPopup, type SavedAddressChoice } from '../../features/address/address-popup.tsx';
import { beneficiariesQueryOptions } from '../../features/beneficiaries/beneficiaries.api.ts';
import { useAppStore } from '../../state/app-store.ts';

/** The popup with what it needs: the user's beneficiaries of the delivery city, and where the choice goes. */
export function AddressPopupPanel({ onDone }: { onDone: () => void }) {
  const { user, isPending } = useCurrentUser();
  const cityId = useAppStore((state) => state.city?.id ?? null);
  const setLocation = useAppStore((state) => state.setLocation);
  const beneficiaries = useQuery(beneficiariesQueryOptions(cityId, user !== null));
  const choices = useMemo<SavedAddressChoice[] | null>(
    () =>
      user && beneficiaries.data
        ? beneficiaries.data.map((beneficiary) => ({
            id: beneficiary.beneficiary_id,
            name: `${beneficiary.first_name} ${beneficiary.last_name}`,
            location: {
              latitude: beneficiary.latitude,
              longitude: beneficiary.longitude,
              label: beneficiary.address_line1,
            },
          }))
        : null,
    [user, beneficiaries.data],
  );

  return (
    <AddressPopup
      choices={choices}
      isLoading={isPending || (user !== null && beneficiaries.isPending)}
      onConfirm={(location) => {
        setLocation(location);
        onDone();
      }}
      onClose={onDone}
    />
  );
}
