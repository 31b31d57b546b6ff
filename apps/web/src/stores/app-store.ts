import type { City } from '@mandado/shared/catalog.schemas';
import { create } from 'zustand';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage.ts';

export type NotificationKind = 'default' | 'warn' | 'error' | 'success';

export interface AppNotification {
  id: number;
  kind: NotificationKind;
  title: string;
  message?: string;
}

interface AppState {
  /** The delivery city; restored from storage at start (spec §4 step 4). */
  city: City | null;
  /** The chosen store's id; the store itself comes from the city's store list. */
  storeId: number | null;
  /** The currency the shopper picked; null means "derive it from the country". */
  currencyCode: string | null;
  countryCode: string | null;
  /** Overlays that more than one screen can open. */
  notMyCityOpen: boolean;
  /** A different city waiting for the change-city confirmation. */
  pendingCity: City | null;
  notifications: AppNotification[];
  setCity: (city: City | null) => void;
  setStoreId: (storeId: number | null) => void;
  setCurrencyCode: (code: string) => void;
  setCountryCode: (code: string) => void;
  setNotMyCityOpen: (open: boolean) => void;
  setPendingCity: (city: City | null) => void;
  notify: (notification: Omit<AppNotification, 'id'>) => void;
  dismissNotification: (id: number) => void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isCity(value: unknown): value is City {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.name === 'string' &&
    typeof value.state === 'string' &&
    typeof value.state_id === 'number'
  );
}

function isStoreId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function isCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{2,3}$/.test(value);
}

let nextNotificationId = 1;

export const useAppStore = create<AppState>()((set) => ({
  city: readJson(STORAGE_KEYS.city, isCity),
  storeId: readJson(STORAGE_KEYS.store, isStoreId),
  currencyCode: readJson(STORAGE_KEYS.currency, isCode),
  countryCode: readJson(STORAGE_KEYS.countryCode, isCode),
  notMyCityOpen: false,
  pendingCity: null,
  notifications: [],
  setCity: (city) => {
    writeJson(STORAGE_KEYS.city, city);
    set({ city });
  },
  setStoreId: (storeId) => {
    writeJson(STORAGE_KEYS.store, storeId);
    set({ storeId });
  },
  setCurrencyCode: (currencyCode) => {
    writeJson(STORAGE_KEYS.currency, currencyCode);
    set({ currencyCode });
  },
  setCountryCode: (countryCode) => {
    writeJson(STORAGE_KEYS.countryCode, countryCode);
    set({ countryCode });
  },
  setNotMyCityOpen: (notMyCityOpen) => set({ notMyCityOpen }),
  setPendingCity: (pendingCity) => set({ pendingCity }),
  notify: (notification) =>
    set((state) => ({
      notifications: [...state.notifications, { ...notification, id: nextNotificationId++ }],
    })),
  dismissNotification: (id) =>
    set((state) => ({ notifications: state.notifications.filter((item) => item.id !== id) })),
}));
