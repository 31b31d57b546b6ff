import type { MerchantProduct } from '@mandado/shared/merchant-catalog.schemas';
import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  catalogKey,
  categoriesQueryOptions,
  createProduct,
  productKey,
  productQueryOptions,
  replaceProduct,
  storeCurrencyQueryOptions,
} from './catalog.api.ts';
import { CATALOG_PATH, catalogReturnPath } from './catalog-paths.ts';
import { OwnersOnly } from './owners-only.tsx';
import { ProductForm } from './product-form.tsx';
import { EMPTY_PRODUCT_FORM, productFormValues } from './product-form-values.ts';
import './catalog.css';

/** `/comercio/catalogo/nuevo` (issue 18): the product form, empty. */
export function NewProductPage({ store }: { store: MerchantStore }) {
  return (
    <OwnersOnly store={store}>
      <NewProduct store={store} />
    </OwnersOnly>
  );
}

/** `/comercio/catalogo/:productId`: the product form with the product as the server has it now. */
export function EditProductPage({ store, productId }: { store: MerchantStore; productId: string }) {
  return (
    <OwnersOnly store={store}>
      <EditProduct store={store} productId={productId} />
    </OwnersOnly>
  );
}

/** After 'Guardar': the toast, every list of the store marked stale, and back to the list it came from. */
function useAfterSave(storeId: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const backTo = catalogReturnPath(location.state);
  return {
    backTo,
    onSaved(product: MerchantProduct) {
      // The lists refetch when shown; the product's own entry is the server's answer already.
      void queryClient.invalidateQueries({ queryKey: catalogKey(storeId) });
      queryClient.setQueryData(productKey(storeId, product.id), product);
      notify({ kind: 'success', title: 'Producto guardado' });
      navigate(backTo);
    },
  };
}

function NewProduct({ store }: { store: MerchantStore }) {
  const categories = useQuery(categoriesQueryOptions(store.id));
  const currency = useQuery(storeCurrencyQueryOptions(store.id));
  const { backTo, onSaved } = useAfterSave(store.id);
  return (
    <FormPage title="Nuevo producto" backTo={backTo}>
      {categories.isPending ? (
        <Spinner label="Cargando" />
      ) : categories.isError ? (
        <QueryError message={categories.error.message} onRetry={() => void categories.refetch()} />
      ) : (
        <ProductForm
          storeId={store.id}
          categories={categories.data}
          initial={EMPTY_PRODUCT_FORM}
          currency={currency.data ?? null}
          backTo={backTo}
          onSave={(input) => createProduct(store.id, input)}
          onSaved={onSaved}
        />
      )}
    </FormPage>
  );
}

function EditProduct({ store, productId }: { store: MerchantStore; productId: string }) {
  const id = /^\d{1,9}$/.test(productId) ? Number(productId) : null;
  const categories = useQuery(categoriesQueryOptions(store.id));
  const product = useQuery({ ...productQueryOptions(store.id, id ?? 0), enabled: id !== null });
  const { backTo, onSaved } = useAfterSave(store.id);

  const missing =
    id === null || (product.error instanceof ApiError && product.error.status === 404) ? (
      <EmptyState title="Ese producto no existe en tu tienda.">
        <Link to={CATALOG_PATH} className="button button--secondary">
          Volver al catálogo
        </Link>
      </EmptyState>
    ) : null;

  return (
    <FormPage title="Editar producto" backTo={backTo}>
      {missing ??
        (product.isPending || categories.isPending ? (
          <Spinner label="Cargando el producto" />
        ) : product.isError ? (
          <QueryError message={product.error.message} onRetry={() => void product.refetch()} />
        ) : categories.isError ? (
          <QueryError message={categories.error.message} onRetry={() => void categories.refetch()} />
        ) : (
          <ProductForm
            // A new product (the store switch) is a new form: its boxes start from that product.
            key={`${store.id}-${product.data.id}`}
            storeId={store.id}
            categories={categories.data}
            initial={productFormValues(product.data)}
            currency={product.data.currency}
            backTo={backTo}
            onSave={(input) => replaceProduct(store.id, product.data.id, input)}
            onSaved={onSaved}
          />
        ))}
    </FormPage>
  );
}

function FormPage({ title, backTo, children }: { title: string; backTo: string; children: ReactNode }) {
  return (
    <div className="catalog catalog--form">
      <p className="catalog__back">
        <Link to={backTo}>
          <span aria-hidden="true">←</span>Volver al catálogo
        </Link>
      </p>
      <h1 className="catalog__title">{title}</h1>
      {children}
    </div>
  );
}
