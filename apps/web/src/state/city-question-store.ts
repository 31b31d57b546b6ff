import type { Product } from '@mandado/shared/catalog.schemas';
import { create } from 'zustand';

interface CityQuestionState {
  /** The product a visitor without a city tried to add: the city is asked, then it is added. */
  product: Product | null;
  ask: (product: Product) => void;
  close: () => void;
}

/**
 * Issue 30 item 5: a shared link shows its page to a visitor with no city (several served cities); the first
 * add to cart asks the city. The catalog's button only asks here; app/city-choice/ask-city-host.tsx shows
 * the question, sets the city and completes the add (a feature never imports another, decision 015).
 */
export const useCityQuestionStore = create<CityQuestionState>()((set) => ({
  product: null,
  ask: (product) => set({ product }),
  close: () => set({ product: null }),
}));
