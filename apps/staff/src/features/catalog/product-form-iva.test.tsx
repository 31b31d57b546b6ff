import type { MerchantProduct } from '@mandado/shared/merchant-catalog.schemas';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ProductForm } from './product-form.tsx';
import { EMPTY_PRODUCT_FORM, type ProductFormValues } from './product-form-values.ts';

// Decision 078: a product's own IVA in the /comercio form; the empty choice is the store kind's rate (null).
function renderForm(initial: ProductFormValues, onSave: (input: unknown) => Promise<MerchantProduct>) {
  render(
    <MemoryRouter>
      <ProductForm
        storeId={7}
        categories={[{ id: 3, name: 'Almacén' }]}
        initial={initial}
        currency="UYU"
        backTo="/comercio/productos"
        onSave={onSave}
        onSaved={vi.fn()}
      />
    </MemoryRouter>,
  );
}

const SAVED: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  name: 'Yerba Canarias 1 kg',
  category_id: '3',
  price: '245,50',
  stock: '10',
};

describe('ProductForm IVA', () => {
  it('sends the chosen rate, and null for the store kind’s default', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi.fn().mockResolvedValue({});
    renderForm(SAVED, onSave);
    const iva = screen.getByLabelText('IVA') as HTMLSelectElement;
    await user.selectOptions(screen.getByLabelText('Categoría'), 'Almacén');
    expect(iva.value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ vat_rate: null });

    await user.selectOptions(iva, '10 % (canasta básica, medicamentos)');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls[1]?.[0]).toMatchObject({ vat_rate: 'basic' });
  });

  it('offers 22 %, 10 % and exempt, and goes back to the store kind’s rate', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi.fn().mockResolvedValue({});
    renderForm(SAVED, onSave);
    await user.selectOptions(screen.getByLabelText('Categoría'), 'Almacén');
    const iva = screen.getByLabelText('IVA') as HTMLSelectElement;
    expect([...iva.options].map((option) => option.value)).toEqual(['', 'standard', 'basic', 'exempt']);
    await user.selectOptions(iva, '0 % (exento: frutas, verduras, leche)');
    await user.selectOptions(iva, 'Según el tipo de comercio');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ vat_rate: null });
  });
});
