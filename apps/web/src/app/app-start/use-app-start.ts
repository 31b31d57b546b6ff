import { MESSAGES } from '@mandado/shared/messages';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isSameCity } from '../../features/locations/same-city.ts';
import { useCities } from '../../features/locations/use-cities.ts';
import { useCityStores } from '../../features/stores/use-city-stores.ts';
import { useSupportContact } from '../../hooks/use-support-contact.ts';
import { useAppStore } from '../../state/app-store.ts';
import { useSessionStart } from '../account/use-session-start.ts';
import { startDestination } from './start-destination.ts';

/** Spec §4 "App start (once)" for a visitor; the data itself was prefetched before the first render. */
export function useAppStart(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const city = useAppStore((state) => state.city);
  const storeId = useAppStore((state) => state.storeId);
  const setCity = useAppStore((state) => state.setCity);
  const setStoreId = useAppStore((state) => state.setStoreId);
  const notify = useAppStore((state) => state.notify);
  const cities = useCities();
  const stores = useCityStores(city);
  const settled = useRef(false);
  // Spec §8: errors are reported to the support e-mail (the setting, or its default when who-am-I failed too).
  const supportEmail = useSupportContact().email;
  // Step 3, with a user: the CSRF token, the stored user and the user-init event.
  useSessionStart();

  useEffect(() => {
    if (!cities.isError) return;
    notify({
      kind: 'error',
      title: MESSAGES.serverError,
      message: `Por favor reporta este error a ${supportEmail}`,
    });
  }, [cities.isError, notify, supportEmail]);

  // A saved city we no longer serve is forgotten, with its store.
  useEffect(() => {
    if (!cities.data || !city) return;
    if (!cities.data.some((served) => isSameCity(served, city))) {
      setCity(null);
      setStoreId(null);
    }
  }, [cities.data, city, setCity, setStoreId]);

  useEffect(() => {
    if (settled.current || cities.isPending) return;
    if (!city) {
      settled.current = true;
      return;
    }
    if (stores.isPending) return;
    settled.current = true;
    const decision = startDestination({
      pathname,
      savedStoreId: storeId,
      storeIds: stores.data?.map((store) => store.id) ?? null,
    });
    if (decision.storeId !== undefined && decision.storeId !== storeId) setStoreId(decision.storeId);
    if (decision.navigateTo) navigate(decision.navigateTo, { replace: true });
  }, [cities.isPending, city, stores.isPending, stores.data, pathname, storeId, setStoreId, navigate]);
}
