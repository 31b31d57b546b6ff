import { CHECKOUT_MESSAGES } from '@mandado/shared/checkout.schemas';
import { COURIER_MESSAGES } from '@mandado/shared/courier-messages';
import { MESSAGES } from '@mandado/shared/messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { StaffOrderLine } from '@mandado/shared/staff-order.schemas';
import { STORE_INBOX_MESSAGES } from '@mandado/shared/store-inbox.schemas';
import { stubApi } from '@mandado/web-kit/testing/fetch-stub.ts';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app.tsx';
import { CounterDeliverDialog } from './counter-deliver-dialog.tsx';
import type { StaffStoreOrder } from './inbox.api.ts';
import { LineUnavailableDialog } from './line-unavailable-dialog.tsx';
import { RejectDialog } from './reject-dialog.tsx';

// The three dialogs of an inbox card share one file, one happy-dom start (like courier-forms.test.tsx).

const STORE = 7;
const ORDER = '/v1/merchant/stores/7/orders/MV-10234-1';

function aLine(overrides: Partial<StaffOrderLine> = {}): StaffOrderLine {
  return {
    id: 5,
    product_id: 90,
    name: 'Yerba Canarias 1 kg',
    image: null,
    quantity: 3,
    unit_price: '6.00',
    currency: 'USD',
    total: '18.00',
    discount: '0.00',
    substitution: 'similar',
    available_quantity: null,
    substitute: null,
    ...overrides,
  };
}

function anOrder(overrides: Partial<StaffStoreOrder> = {}): StaffStoreOrder {
  return {
    number: 'MV-10234-1',
    store: { id: STORE, name: 'Almacén Centro', address: 'Av. 18 de Julio 1000' },
    status: 'pending',
    status_label: 'Pendiente',
    subtotal: '18.00',
    discount: '0.00',
    shipping: '0.00',
    credit: '0.00',
    total: '18.00',
    lines: [aLine()],
    history: [],
    delivery: 'pickup',
    delivery_window: { from: '2026-11-28', to: '2026-11-29', text: 'Entre el sábado y el domingo' },
    window: null,
    window_text: null,
    gift_message: null,
    seen: true,
    group_number: 'MV-10234',
    payment_status: 'paid',
    created: '2026-11-27T12:00:00Z',
    beneficiary: {
      first_name: 'Juan',
      last_name: 'Pérez',
      address_line1: 'Calle 1',
      city: { id: 1, name: 'Montevideo', state: 'Montevideo', state_id: 1 },
      mobile_number: '+59899123456',
      phone_number: '',
      residency: '',
      delivery_notes: '',
      email: '',
      meeting_point: null,
      latitude: null,
      longitude: null,
      maps_link: null,
    },
    pickup_contact: null,
    substitution: 'similar',
    next_statuses: ['approved', 'rejected'],
    courier_url: null,
    ...overrides,
  };
}

function toasts() {
  return within(screen.getByRole('region', { name: 'Avisos' }));
}

describe('RejectDialog', () => {
  it('offers the fixed reasons, asks for the note of Otro before sending, and says the money goes back', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({});
    renderWithApp(<RejectDialog storeId={STORE} order={anOrder()} onClose={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Rechazar el pedido MV-10234-1' }));
    expect(dialog.getByLabelText('Sin stock')).toHaveProperty('checked', true);
    expect(dialog.getByText(/Se devuelve todo el dinero de este pedido a quien pagó/)).toBeTruthy();
    expect(dialog.queryByLabelText('Cuenta el motivo', { exact: false })).toBeNull();
    await user.click(dialog.getByLabelText('Otro'));
    await user.click(dialog.getByRole('button', { name: 'Rechazar pedido' }));
    expect(await dialog.findByText('Cuenta por qué rechazas el pedido.')).toBeTruthy();
    expect(dialog.getByLabelText('Otro')).toHaveProperty('checked', true);
    expect(dialog.getByLabelText('Cuenta el motivo', { exact: false }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(calls).toEqual([]);
  });

  it('keeps the reason and says the server’s refusal, then rejects with the reason’s text', async () => {
    const user = userEvent.setup({ delay: null });
    let answers = 0;
    const { calls } = stubApi({
      [`POST ${ORDER}/status/`]: () => {
        answers += 1;
        return answers === 1
          ? { status: 403, body: { detail: SERVER_MESSAGES.forbidden } }
          : { status: 200, body: anOrder({ status: 'rejected' }) };
      },
    });
    const onClose = vi.fn();
    renderWithApp(<RejectDialog storeId={STORE} order={anOrder()} onClose={onClose} />);
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByLabelText('Otro'));
    await user.type(dialog.getByLabelText('Cuenta el motivo', { exact: false }), '  Cerramos  por duelo ');
    await user.click(dialog.getByRole('button', { name: 'Rechazar pedido' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(SERVER_MESSAGES.forbidden);
    expect(dialog.getByLabelText('Cuenta el motivo', { exact: false })).toHaveProperty(
      'value',
      '  Cerramos  por duelo ',
    );
    expect(onClose).not.toHaveBeenCalled();

    await user.click(dialog.getByRole('button', { name: 'Rechazar pedido' }));
    expect(await toasts().findByText('Pedido rechazado')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(calls.filter((call) => call.path === `${ORDER}/status/`).at(-1)?.body).toEqual({
      from: 'pending',
      to: 'rejected',
      reason: 'Otro: Cerramos por duelo',
    });
  });
});

describe('CounterDeliverDialog', () => {
  it('fills in whoever collects and asks for a 4-digit code before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({});
    renderWithApp(<CounterDeliverDialog storeId={STORE} order={anOrder()} onClose={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Entregar el pedido MV-10234-1' }));
    const name = dialog.getByLabelText('Nombre de quien retira', { exact: false });
    expect(name).toHaveProperty('value', 'Juan Pérez');
    await user.clear(name);
    await user.type(dialog.getByLabelText('Código de entrega', { exact: false }), '12');
    await user.click(dialog.getByRole('button', { name: 'Confirmar entrega' }));
    expect(await dialog.findByText(MESSAGES.required)).toBeTruthy();
    expect(dialog.getByText(COURIER_MESSAGES.codeFormat)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says a wrong code under the code with the tries left and keeps the name, then delivers', async () => {
    const user = userEvent.setup({ delay: null });
    let answers = 0;
    const { calls } = stubApi({
      [`POST ${ORDER}/deliver/`]: () => {
        answers += 1;
        return answers === 1
          ? { status: 400, body: { detail: COURIER_MESSAGES.wrongCode(2) } }
          : { status: 200, body: anOrder({ status: 'delivered' }) };
      },
    });
    const onClose = vi.fn();
    const order = anOrder({ pickup_contact: { name: 'Marta Díaz', phone: '+59899000000' } });
    renderWithApp(<CounterDeliverDialog storeId={STORE} order={order} onClose={onClose} />);
    const dialog = within(screen.getByRole('dialog'));
    const code = dialog.getByLabelText('Código de entrega', { exact: false });
    expect(dialog.getByLabelText('Nombre de quien retira', { exact: false })).toHaveProperty(
      'value',
      'Marta Díaz',
    );
    await user.type(code, '1111');
    await user.click(dialog.getByRole('button', { name: 'Confirmar entrega' }));
    expect(await dialog.findByText(COURIER_MESSAGES.wrongCode(2))).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByLabelText('Nombre de quien retira', { exact: false })).toHaveProperty(
      'value',
      'Marta Díaz',
    );
    expect(onClose).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, '4321');
    await user.click(dialog.getByRole('button', { name: 'Confirmar entrega' }));
    expect(await toasts().findByText('Pedido entregado')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(calls.filter((call) => call.path === `${ORDER}/deliver/`).map((call) => call.body)).toEqual([
      { recipient_name: 'Marta Díaz', code: '1111' },
      { recipient_name: 'Marta Díaz', code: '4321' },
    ]);
  });

  it('closes and says so in a toast when someone else moved the order first', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      [`POST ${ORDER}/deliver/`]: { status: 409, body: { detail: CHECKOUT_MESSAGES.statusChanged } },
    });
    const onClose = vi.fn();
    renderWithApp(<CounterDeliverDialog storeId={STORE} order={anOrder()} onClose={onClose} />);
    const dialog = within(screen.getByRole('dialog'));
    await user.type(dialog.getByLabelText('Código de entrega', { exact: false }), '4321');
    await user.click(dialog.getByRole('button', { name: 'Confirmar entrega' }));
    expect(await toasts().findByText(CHECKOUT_MESSAGES.statusChanged)).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('LineUnavailableDialog', () => {
  const SUBSTITUTES = `${ORDER}/lines/5/substitutes/`;
  const candidates = {
    results: [
      { product_id: 91, name: 'Yerba Baldo 1 kg', image: null, unit_price: '5.50', stock: 8 },
      { product_id: 92, name: 'Yerba Sara 1 kg', image: null, unit_price: '5.00', stock: 2 },
    ],
  };

  it('asks how many there are and for a substitute before saving', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({ [`GET ${SUBSTITUTES}`]: { status: 200, body: candidates } });
    const order = anOrder();
    renderWithApp(<LineUnavailableDialog storeId={STORE} order={order} line={aLine()} onClose={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Producto no disponible' }));
    const have = dialog.getByLabelText('¿Cuántas tienes?');
    expect(
      within(have)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ninguna', '1 de 3', '2 de 3']);
    expect(dialog.getByRole('group', { name: 'Para las 3 unidades que faltan' })).toBeTruthy();
    expect(dialog.getByLabelText('Enviar otro producto en su lugar')).toHaveProperty('checked', true);
    expect(await dialog.findByLabelText(/Yerba Baldo 1 kg/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(dialog.getByRole('alert').textContent).toBe('Elige el producto que envías en su lugar.');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('prices each substitute as the store sells it, in pesos (issue 31)', async () => {
    stubApi({
      [`GET ${SUBSTITUTES}`]: {
        status: 200,
        body: {
          results: [
            {
              product_id: 93,
              name: 'Yerba Canarias 1 kg',
              image: null,
              unit_price: '5.95',
              shelf_price: '239.00',
              currency: 'UYU',
              stock: 4,
            },
          ],
        },
      },
    });
    renderWithApp(
      <LineUnavailableDialog storeId={STORE} order={anOrder()} line={aLine()} onClose={vi.fn()} />,
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Producto no disponible' }));
    expect(await dialog.findByLabelText('Yerba Canarias 1 kg · $U 239,00 · 4 en stock')).toBeTruthy();
  });

  it('keeps the choices and says the server’s reason when refused, then saves the substitute', async () => {
    const user = userEvent.setup({ delay: null });
    let answers = 0;
    const { calls } = stubApi({
      [`GET ${SUBSTITUTES}`]: { status: 200, body: candidates },
      [`POST ${ORDER}/lines/5/availability/`]: () => {
        answers += 1;
        return answers === 1
          ? { status: 400, body: { detail: STORE_INBOX_MESSAGES.substituteTooDear } }
          : { status: 200, body: anOrder({ status: 'pending' }) };
      },
    });
    const onClose = vi.fn();
    renderWithApp(
      <LineUnavailableDialog storeId={STORE} order={anOrder()} line={aLine()} onClose={onClose} />,
    );
    const dialog = within(screen.getByRole('dialog'));
    await user.selectOptions(dialog.getByLabelText('¿Cuántas tienes?'), '1 de 3');
    expect(dialog.getByRole('group', { name: 'Para las 2 unidades que faltan' })).toBeTruthy();
    await user.click(await dialog.findByLabelText(/Yerba Sara 1 kg/));
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(STORE_INBOX_MESSAGES.substituteTooDear);
    expect(dialog.getByLabelText(/Yerba Sara 1 kg/)).toHaveProperty('checked', true);
    expect(dialog.getByLabelText('¿Cuántas tienes?')).toHaveProperty('value', '1');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(await toasts().findByText('Producto actualizado')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      from: 'pending',
      available_quantity: 1,
      substitute: { product_id: 92, quantity: 2 },
    });
  });

  it('only refunds when the buyer asked for a refund', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({
      [`POST ${ORDER}/lines/5/availability/`]: { status: 200, body: anOrder() },
    });
    const line = aLine({ substitution: 'refund', quantity: 1 });
    renderWithApp(<LineUnavailableDialog storeId={STORE} order={anOrder()} line={line} onClose={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('Se devuelve el dinero de lo que falta a quien pagó.')).toBeTruthy();
    expect(dialog.queryByLabelText('Enviar otro producto en su lugar')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(await toasts().findByText('Producto actualizado')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { from: 'pending', available_quantity: 0, substitute: null },
    ]);
  });
});
