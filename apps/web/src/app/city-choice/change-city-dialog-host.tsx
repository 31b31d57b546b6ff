import { ChangeCityDialog } from '../../features/locations/change-city-dialog.tsx';
import { useAppStore } from '../../state/app-store.ts';
import { useChooseCity } from './use-choose-city.ts';

export function ChangeCityDialogHost({ cityName }: { cityName: string }) {
  const { accept, cancel } = useChooseCity();
  const warnCart = useAppStore((state) => state.cart.items.length > 0);
  return <ChangeCityDialog cityName={cityName} warnCart={warnCart} onAccept={accept} onCancel={cancel} />;
}
