import { ChangeCityDialog } from '../../features/locations/change-city-dialog.tsx';
import { useChooseCity } from './use-choose-city.ts';

export function ChangeCityDialogHost({ cityName }: { cityName: string }) {
  const { accept, cancel } = useChooseCity();
  return <ChangeCityDialog cityName={cityName} onAccept={accept} onCancel={cancel} />;
}
