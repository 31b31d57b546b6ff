import { create } from 'zustand';
import { type CheckoutSlice, createCheckoutSlice } from './checkout-slice.ts';

/**
 * The checkout's step and choices (decision 024), in a store of their own that only the checkout's chunks
 * import, so a browse page's first load does not carry them (decision 029). Nothing outside the checkout and
 * its confirmation reads or writes them.
 */
export const useCheckoutStore = create<CheckoutSlice>()((set, get) => createCheckoutSlice(set, get));
