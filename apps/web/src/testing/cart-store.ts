import type { City } from '@mandado/shared/catalog.schemas';
import { createStore } from 'zustand/vanilla';
import { type CartSlice, createCartSlice } from '../state/cart/cart-slice.ts';
import { type CartUiSlice, createCartUiSlice } from '../state/cart/cart-ui-slice.ts';
import { aCity } from './factories.ts';

export interface TestNotification {
  kind: string;
  title: string;
  message?: string;
}

/** The cart and cart-visibility slices with the few app-store fields they use, in a store of their own. */
export interface TestCartState extends CartSlice, CartUiSlice {
  city: City | null;
  storeId: number | null;
  notifications: TestNotification[];
  setCity: (city: City | null) => void;
  setStoreId: (storeId: number | null) => void;
  notify: (notification: TestNotification) => void;
  isNotificationShown: (title: string) => boolean;
}

/** A real cart store (machine, slices) for a test: only the network and the browser are faked around it. */
export function createTestCartStore(city: City | null = aCity()) {
  return createStore<TestCartState>()((set, get) => ({
    ...createCartSlice(set, get),
    ...createCartUiSlice(set, get),
    city,
    storeId: null,
    notifications: [],
    setCity: (next) => set({ city: next }),
    setStoreId: (storeId) => set({ storeId }),
    notify: (notification) => set((state) => ({ notifications: [...state.notifications, notification] })),
    isNotificationShown: (title) => get().notifications.some((shown) => shown.title === title),
  }));
}
