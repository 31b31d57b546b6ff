import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The browser's stored choices reach the app store only when main.tsx applies them (decision 086): after a
// hydration, in a task of their own, and only what differs from what the page already stored.
const montevideo = { id: 36, name: 'Montevideo', state: 'Montevideo', state_id: 10 };

async function freshStore() {
  vi.resetModules();
  return import('./app-store.ts');
}

describe('the stored choices', () => {
  beforeEach(() => {
    window.localStorage.setItem('city', JSON.stringify(montevideo));
    window.localStorage.setItem('store', '1');
    window.localStorage.setItem('currency', JSON.stringify('USD'));
  });
  afterEach(() => window.localStorage.clear());

  it('are not in the store at import, so a hydration reads the server state; applying puts them in once', async () => {
    const { useAppStore, applyStoredChoices } = await freshStore();
    expect(useAppStore.getState()).toMatchObject({ city: null, storeId: null, currencyCode: null });

    applyStoredChoices();
    expect(useAppStore.getState()).toMatchObject({ city: montevideo, storeId: 1, currencyCode: 'USD' });

    useAppStore.getState().setCurrencyCode('UYU');
    applyStoredChoices();
    expect(useAppStore.getState().currencyCode).toBe('UYU');
  });

  it('change only what differs: the implied city and store already set notify no reader again', async () => {
    const { useAppStore, applyStoredChoices } = await freshStore();
    window.localStorage.removeItem('currency');
    // What useImpliedCity and useRouteStore wrote at the hydration's commit: the same city, another object.
    useAppStore.setState({ city: { ...montevideo }, storeId: 1 });
    const city = useAppStore.getState().city;
    const listener = vi.fn();
    const unsubscribe = useAppStore.subscribe(listener);

    applyStoredChoices();
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
    expect(useAppStore.getState().city).toBe(city);
  });
});
