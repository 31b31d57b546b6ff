import { zodResolver } from '@hookform/resolvers/zod';
import type { MerchantProduct, merchantProductInputSchema } from '@mandado/shared/merchant-catalog.schemas';
import {
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
} from '@mandado/shared/merchant-catalog.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { priceSymbol } from './catalog-text.ts';
import { PRODUCT_FORM_FIELDS, type ProductFormValues, productFormSchema } from './product-form-values.ts';
import { ProductPhotos } from './product-photos.tsx';

type ProductInput = z.output<typeof merchantProductInputSchema>;

interface ProductFormProps {
  storeId: number;
  /** The store's categories, loaded before the form shows (the select must hold the saved one at once). */
  categories: ReadonlyArray<{ id: number; name: string }>;
  initial: ProductFormValues;
  /** The store's currency code, for the symbol beside the prices; null while unknown. */
  currency: string | null;
  /** Where 'Cancelar' goes: the list the owner came from. */
  backTo: string;
  /** Creates or replaces the product; rejects with the server's answer. */
  onSave: (input: ProductInput) => Promise<MerchantProduct>;
  /** After a save: the toast and the way back are the page's. */
  onSaved: (product: MerchantProduct) => void;
}

/**
 * The one product form (issue 18) for a new product and for an existing one: checked in the browser with the
 * API's own schema, then by the server, whose field errors (400) land under their boxes and whose other
 * refusals (a name the store already has, 409; an owner no longer, 403) show above 'Guardar'. Whatever went
 * wrong, the boxes keep what the owner typed.
 */
export function ProductForm({
  storeId,
  categories,
  initial,
  currency,
  backTo,
  onSave,
  onSaved,
}: ProductFormProps) {
  const ids = useId();
  const fieldId = (name: string) => `${ids}-${name}`;
  const hintId = (name: string) => `${fieldId(name)}-hint`;
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(0);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: initial,
  });
  const images = watch('images');
  const name = watch('name');
  const symbol = currency ? priceSymbol(currency) : null;

  const changeImages = useCallback(
    (update: (current: readonly string[]) => string[]) =>
      setValue('images', update(getValues('images')), { shouldDirty: true, shouldValidate: true }),
    [getValues, setValue],
  );

  const submit = handleSubmit(async (input) => {
    setProblem(null);
    try {
      onSaved(await onSave(input));
    } catch (error) {
      const fields = apiFieldErrors(error);
      let placed = false;
      for (const field of PRODUCT_FORM_FIELDS) {
        const message = fields[field];
        if (!message) continue;
        setError(field, { message }, { shouldFocus: !placed });
        placed = true;
      }
      if (!placed || (error instanceof ApiError && error.status !== 400)) {
        setProblem(failureText(error) ?? MESSAGES.serverError);
      }
    }
  });

  return (
    <form className="form product-form" noValidate onSubmit={submit}>
      <Field fieldId={fieldId('name')} label="Nombre" required error={errors.name?.message}>
        <input
          {...invalidProps(fieldId('name'), errors.name?.message)}
          type="text"
          autoComplete="off"
          maxLength={PRODUCT_NAME_MAX_LENGTH}
          {...register('name')}
        />
      </Field>
      <Field
        fieldId={fieldId('description')}
        label="Descripción"
        error={errors.description?.message}
        hint="Lo que el cliente necesita saber: tamaño, sabor, marca."
      >
        <textarea
          {...invalidProps(fieldId('description'), errors.description?.message, hintId('description'))}
          className={
            errors.description
              ? 'input input--invalid product-form__textarea'
              : 'input product-form__textarea'
          }
          rows={4}
          maxLength={PRODUCT_DESCRIPTION_MAX_LENGTH}
          {...register('description')}
        />
      </Field>
      <Field fieldId={fieldId('category')} label="Categoría" required error={errors.category_id?.message}>
        <select
          {...invalidProps(fieldId('category'), errors.category_id?.message)}
          className={
            errors.category_id
              ? 'select product-form__select product-form__select--invalid'
              : 'select product-form__select'
          }
          {...register('category_id')}
        >
          <option value="">Elige una categoría</option>
          {categories.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
            </option>
          ))}
        </select>
      </Field>
      <div className="product-form__prices">
        <Field
          fieldId={fieldId('price')}
          label="Precio"
          required
          error={errors.price?.message}
          hint={symbol ? `En ${symbol}, por ejemplo 1250 o 1250,50.` : 'Por ejemplo 1250 o 1250,50.'}
        >
          <MoneyBox symbol={symbol}>
            <input
              {...invalidProps(fieldId('price'), errors.price?.message, hintId('price'))}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              {...register('price')}
            />
          </MoneyBox>
        </Field>
        <Field
          fieldId={fieldId('discounted_price')}
          label="Precio con descuento"
          error={errors.discounted_price?.message}
          hint="Opcional. Menor que el precio; déjalo vacío si no hay descuento."
        >
          <MoneyBox symbol={symbol}>
            <input
              {...invalidProps(
                fieldId('discounted_price'),
                errors.discounted_price?.message,
                hintId('discounted_price'),
              )}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              {...register('discounted_price')}
            />
          </MoneyBox>
        </Field>
      </div>
      <Field
        fieldId={fieldId('stock')}
        label="Stock"
        required
        error={errors.stock?.message}
        hint="Unidades que tienes para vender."
      >
        <input
          {...invalidProps(fieldId('stock'), errors.stock?.message, hintId('stock'))}
          className={errors.stock ? 'input input--invalid product-form__stock' : 'input product-form__stock'}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          {...register('stock')}
        />
      </Field>
      <Field
        fieldId={fieldId('vat_rate')}
        label="IVA"
        error={errors.vat_rate?.message}
        hint="El precio lo incluye. Sale en el comprobante de tu cliente y en tu e-Ticket."
      >
        <select
          {...invalidProps(fieldId('vat_rate'), errors.vat_rate?.message, hintId('vat_rate'))}
          className="select product-form__select"
          {...register('vat_rate')}
        >
          {VAT_RATE_CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <div className="form__field">
        <div className="checkbox-field">
          <input
            id={fieldId('active')}
            type="checkbox"
            className="checkbox"
            aria-describedby={hintId('active')}
            {...register('active')}
          />
          <label className="field-label" htmlFor={fieldId('active')}>
            A la venta
          </label>
        </div>
        <p id={hintId('active')} className="form__hint">
          Si lo desmarcas, el producto queda pausado: los clientes no lo ven y tú lo conservas.
        </p>
      </div>
      <div className="form__field">
        <div className="checkbox-field">
          <input
            id={fieldId('not_returnable')}
            type="checkbox"
            className="checkbox"
            aria-describedby={hintId('not_returnable')}
            {...register('not_returnable')}
          />
          <label className="field-label" htmlFor={fieldId('not_returnable')}>
            No admite devolución
          </label>
        </div>
        <p id={hintId('not_returnable')} className="form__hint">
          Por ley, quien compra puede devolver dentro de 5 días hábiles desde la entrega. Márcalo solo en
          productos perecederos (frutas, verduras, carne) o de higiene y farmacia que vienen sellados.
          {initial.not_returnable === null
            ? ' Si no lo tocas, vale lo habitual para tu tipo de tienda: no admiten devolución los productos de verdulerías, carnicerías y farmacias.'
            : ''}
        </p>
      </div>
      <ProductPhotos
        storeId={storeId}
        productName={name}
        images={images}
        onImagesChange={changeImages}
        onUploadingChange={setUploading}
        error={errors.images?.message}
      />
      <FormProblem problem={problem} />
      <div className="product-form__actions">
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={isSubmitting || uploading > 0}
          aria-describedby={uploading > 0 ? `${ids}-waiting` : undefined}
        >
          {isSubmitting ? <Spinner size="small" /> : null}
          Guardar
        </button>
        {uploading > 0 ? (
          <p id={`${ids}-waiting`} className="form__hint">
            Espera a que terminen de subir las fotos.
          </p>
        ) : null}
        <Link to={backTo} className="button button--secondary button--block">
          Cancelar
        </Link>
      </div>
    </form>
  );
}

/** The IVA choices (decision 078): the store kind's rate unless the product says otherwise. */
const VAT_RATE_CHOICES: ReadonlyArray<readonly [string, string]> = [
  ['', 'Según el tipo de comercio'],
  ['standard', '22 % (tasa general)'],
  ['basic', '10 % (canasta básica, medicamentos)'],
  ['exempt', '0 % (exento: frutas, verduras, leche)'],
];

/** A price box with the store's currency symbol before it (the box itself takes only the number). */
function MoneyBox({ symbol, children }: { symbol: string | null; children: ReactNode }) {
  if (!symbol) return children;
  return (
    <div className="money-box">
      <span className="money-box__symbol" aria-hidden="true">
        {symbol}
      </span>
      {children}
    </div>
  );
}
