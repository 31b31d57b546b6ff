import type { City } from '@mandado/shared/catalog.schemas';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { CityPicker } from './city-picker.tsx';
import { useCities } from './use-cities.ts';

interface AskCityDialogProps {
  /** What the visitor was adding, named in the question so the add that follows is no surprise. */
  productName: string;
  /** The names of the cities the product's store delivers to; undefined while unknown (then every city). */
  deliveryCities: readonly string[] | undefined;
  /** Still finding the store's cities: the list waits rather than offering a city it would then drop. */
  deliveryPending: boolean;
  onChoose: (city: City) => void;
  onNotMyCity: () => void;
  onClose: () => void;
}

/**
 * Issue 30 item 5: a shared store or product link opens for a visitor with no city; with several served cities
 * the city is asked here, at the first add to cart, and the add completes with the city chosen. A modal
 * `<dialog>` (web-kit Dialog): the page behind is inert, Escape closes it and nothing is added.
 */
export function AskCityDialog({
  productName,
  deliveryCities,
  deliveryPending,
  onChoose,
  onNotMyCity,
  onClose,
}: AskCityDialogProps) {
  const cities = useCities();
  const offered = deliveryCities
    ? cities.data?.filter((city) => deliveryCities.includes(city.name))
    : cities.data;
  return (
    <Dialog title="¿A qué ciudad enviamos tu compra?" onClose={onClose}>
      <p className="dialog__text">Elige la ciudad de entrega y agregamos {productName} a tu carrito.</p>
      <CityPicker
        cities={deliveryPending ? undefined : offered}
        isLoading={cities.isLoading || deliveryPending}
        isError={cities.isError}
        onRetry={() => void cities.refetch()}
        currentCity={null}
        onChoose={onChoose}
        onNotMyCity={onNotMyCity}
      />
    </Dialog>
  );
}
