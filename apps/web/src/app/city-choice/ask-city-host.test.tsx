import { stubApi } from '@mandado/web-kit/testing/fetch-stub.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AddToCartButton } from '../../features/catalog/add-to-cart-button.tsx';
import { useAppStore } from '../../state/app-store.ts';
import { aCity, aProduct, aStore } from '../../testing/factories.ts';
import { renderWithApp } from '../../testing/render-with-app.tsx';
import { AskCityHost } from './ask-city-host.tsx';

const montevideo = aCity();
const costa = aCity({ id: 37, name: 'Ciudad de la Costa', state: 'Canelones', state_id: 2 });
const salto = aCity({ id: 38, name: 'Salto', state: 'Salto', state_id: 15 });
const store = aStore({
  name: 'Almacén La Esquina',
  slug: 'AlmacénLaEsquina',
  cities: ['Ciudad de la Costa', 'Montevideo'],
});
const yerba = aProduct({ name: 'Yerba Canarias 1 kg', store_id: store.id, store_name: store.name });

/** Several served cities; the product's store delivers to two of them (issue 30 item 5). */
function stubSeveralCities() {
  return stubApi({
    'GET /v1/cities/': { status: 200, body: { results: [montevideo, costa, salto] } },
    [`GET /v1/stores/slug/${encodeURIComponent(store.slug)}`]: { status: 200, body: store },
  });
}

afterEach(() => {
  useAppStore.setState({ city: null });
  useAppStore.getState().cartDispatch({ type: 'empty' });
  localStorage.clear();
});

function cartCount(): number {
  return useAppStore.getState().cart.items.find((item) => item.product.id === yerba.id)?.count ?? 0;
}

describe('AddToCartButton for a visitor without a city (a shared link, several served cities)', () => {
  it("asks the city among the store's, then adds with the city chosen", async () => {
    const user = userEvent.setup({ delay: null });
    useAppStore.setState({ city: null });
    stubSeveralCities();
    renderWithApp(
      <>
        <AddToCartButton product={yerba} />
        <AskCityHost />
      </>,
    );

    await user.click(screen.getByRole('button', { name: `Agregar: ${yerba.name}` }));
    const dialog = await screen.findByRole('dialog', { name: '¿A qué ciudad enviamos tu compra?' });
    expect(cartCount()).toBe(0);
    // Only the cities the store delivers to: Salto is served, but not by this store.
    const costaButton = await within(dialog).findByRole('button', { name: 'Ciudad de la Costa' });
    expect(within(dialog).getByRole('button', { name: 'Montevideo' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Salto' })).toBeNull();

    await user.click(costaButton);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useAppStore.getState().city).toEqual(costa);
    expect(JSON.parse(localStorage.getItem('city') ?? 'null')).toEqual(costa);
    expect(cartCount()).toBe(1);

    // With a city, the next add asks nothing.
    await user.click(screen.getByRole('button', { name: `Agregar: ${yerba.name} (1 en el carrito)` }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cartCount()).toBe(2);
  });

  it('closes on Escape (the cancel event) without a city and without adding', async () => {
    const user = userEvent.setup({ delay: null });
    useAppStore.setState({ city: null });
    stubSeveralCities();
    renderWithApp(
      <>
        <AddToCartButton product={yerba} size="large" />
        <AskCityHost />
      </>,
    );

    const button = screen.getByRole('button', { name: `Agregar al carrito: ${yerba.name}` });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: '¿A qué ciudad enviamos tu compra?' });
    // A real browser turns Escape on a modal <dialog> into `cancel` (the E2E presses the key itself).
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(useAppStore.getState().city).toBeNull();
    expect(cartCount()).toBe(0);
  });

  it('adds at once for a visitor who has a city', async () => {
    const user = userEvent.setup({ delay: null });
    useAppStore.setState({ city: montevideo });
    const { calls } = stubSeveralCities();
    renderWithApp(
      <>
        <AddToCartButton product={yerba} />
        <AskCityHost />
      </>,
    );
    await user.click(screen.getByRole('button', { name: `Agregar: ${yerba.name}` }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cartCount()).toBe(1);
    expect(calls).toHaveLength(0);
  });
});
