import type { MerchantProduct } from '@mandado/shared/merchant-catalog.schemas';
import { STAFF_MESSAGES } from '@mandado/shared/staff-messages';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ProductForm } from './product-form.tsx';
import { EMPTY_PRODUCT_FORM } from './product-form-values.ts';

const CATEGORIES = [
  { id: 3, name: 'Almacén' },
  { id: 4, name: 'Limpieza' },
];

function renderForm(onSave: (input: unknown) => Promise<MerchantProduct>) {
  const onSaved = vi.fn();
  render(
    <MemoryRouter>
      <ProductForm
        storeId={7}
        categories={CATEGORIES}
        initial={EMPTY_PRODUCT_FORM}
        currency="UYU"
        backTo="/comercio/productos"
        onSave={onSave}
        onSaved={onSaved}
      />
    </MemoryRouter>,
  );
  return { onSaved };
}

async function fillValidProduct(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nombre'), 'Mermelada de higos');
  await user.type(screen.getByLabelText('Descripción'), 'Frasco de vidrio de 450 g.');
  await user.selectOptions(screen.getByLabelText('Categoría'), 'Almacén');
  await user.type(screen.getByLabelText('Precio'), '189,50');
  await user.clear(screen.getByLabelText('Stock'));
  await user.type(screen.getByLabelText('Stock'), '12');
}

describe('ProductForm', () => {
  it('shows the messages under the empty boxes and saves nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi.fn();
    renderForm(onSave);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getByLabelText('Nombre').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Categoría').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Precio').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Stock'));
    await user.type(screen.getByLabelText('Stock'), '1,5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(STAFF_MESSAGES.invalidStock)).toBeTruthy();
  });

  it('puts the server’s field error under its box and its other refusals above Guardar, keeping every value', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(400, { price: ['El precio debe ser mayor que cero.'] }))
      .mockRejectedValueOnce(new ApiError(409, { detail: 'Tu tienda ya tiene un producto con ese nombre.' }));
    const { onSaved } = renderForm(onSave);
    await fillValidProduct(user);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El precio debe ser mayor que cero.')).toBeTruthy();
    const price = screen.getByLabelText('Precio');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(price));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      name: 'Mermelada de higos',
      category_id: 3,
      price: '189.50',
      discounted_price: null,
      stock: 12,
    });

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Tu tienda ya tiene un producto con ese nombre.',
    );
    expect(screen.getByLabelText('Nombre')).toHaveProperty('value', 'Mermelada de higos');
    expect(screen.getByLabelText('Precio')).toHaveProperty('value', '189,50');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
