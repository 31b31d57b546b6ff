import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

const PRODUCT_PARAM = 'producto';

interface OverlayState {
  productOverlay?: boolean;
}

function isOverlayState(value: unknown): value is OverlayState {
  return typeof value === 'object' && value !== null && 'productOverlay' in value;
}

export interface ProductLink {
  to: string;
  state: OverlayState;
  replace: boolean;
}

/**
 * The product detail over a product list (spec §2). The URL carries it (`?producto=ID`), so Back closes it and
 * the link can be shared; opening pushes a history entry, moving between related products replaces it.
 */
export function useProductDialog() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const raw = params.get(PRODUCT_PARAM);
  const productId = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const openedHere = isOverlayState(location.state) && location.state.productOverlay === true;

  const linkTo = useCallback(
    (id: number, replace = false): ProductLink => {
      const next = new URLSearchParams(params);
      next.set(PRODUCT_PARAM, String(id));
      return { to: `?${next}`, state: { productOverlay: true }, replace };
    },
    [params],
  );

  const close = useCallback(() => {
    if (openedHere) {
      navigate(-1);
      return;
    }
    const next = new URLSearchParams(params);
    next.delete(PRODUCT_PARAM);
    const search = next.toString();
    navigate({ search: search ? `?${search}` : '' }, { replace: true, preventScrollReset: true });
  }, [navigate, openedHere, params]);

  return { productId, linkTo, close };
}
