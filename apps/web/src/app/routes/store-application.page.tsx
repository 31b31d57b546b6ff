import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useCities } from '../../features/locations/use-cities.ts';
import { StoreApplicationForm } from '../../features/store-application/store-application-form.tsx';
import { StoreApplicationIntro } from '../../features/store-application/store-application-intro.tsx';
import { useAppStore } from '../../state/app-store.ts';
import { renderStoreAddressPicker } from '../address/render-address-picker.tsx';

const TITLE_ID = 'store-application-title';

/**
 * Issue 18, /vende-en-mandado ('Vende en Mandado', linked from the footer): open to anyone, with no account
 * and no city; the served cities fill the form's city list and the map picker comes through its slot.
 */
export function StoreApplicationPage() {
  const cities = useCities();
  const chosenCityId = useAppStore((state) => state.city?.id);
  const served = cities.data ?? [];
  // Most applicants sell where they shop from; a city no longer served is no option.
  const defaultCityId = served.some((city) => city.id === chosenCityId) ? chosenCityId : undefined;
  return (
    <article className="container page-section store-application" aria-labelledby={TITLE_ID}>
      <StoreApplicationIntro titleId={TITLE_ID} />
      {cities.isPending ? (
        <div className="store-application__loading">
          <Spinner label="Cargando" />
        </div>
      ) : cities.isError ? (
        <QueryError message={cities.error.message} onRetry={() => void cities.refetch()} />
      ) : (
        <StoreApplicationForm
          cities={served}
          defaultCityId={defaultCityId}
          renderAddressPicker={renderStoreAddressPicker}
        />
      )}
    </article>
  );
}
