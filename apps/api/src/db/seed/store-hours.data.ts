import type { HoursRange, Weekday, WeeklyHours } from '@mandado/shared/store-hours';
import type { StoreKind } from '@mandado/shared/store-kinds';

/**
 * The demo stores' opening hours (issue 31), on Montevideo's clock, as such shops keep them in Montevideo:
 * supermarkets every day into the evening, pharmacies long hours, butchers with the midday break and Sunday
 * morning, greengrocers early, clothing and toy shops from 10 (toys on Sunday afternoon, near the shopping
 * centres), opticians on weekdays and Saturday morning. Data only; `seed.ts` writes it once per store.
 */

const range = (from: string, to: string): HoursRange => ({ from, to });

function week(weekdays: HoursRange[], saturday: HoursRange[], sunday: HoursRange[]): WeeklyHours {
  const days: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
  return {
    ...(Object.fromEntries(days.map((day) => [day, weekdays])) as Record<Weekday, HoursRange[]>),
    saturday,
    sunday,
  };
}

export const HOURS_BY_KIND: Readonly<Record<StoreKind, WeeklyHours>> = {
  store: week([range('08:00', '22:00')], [range('08:00', '22:00')], [range('09:00', '21:00')]),
  pharmacy: week([range('08:00', '22:00')], [range('08:00', '22:00')], [range('09:00', '21:00')]),
  meat_shop: week(
    [range('08:00', '13:00'), range('16:30', '20:30')],
    [range('08:00', '14:00'), range('17:00', '20:30')],
    [range('08:30', '13:00')],
  ),
  greengrocer_shop: week([range('07:30', '20:30')], [range('07:30', '20:30')], [range('08:00', '13:00')]),
  clothing_shop: week([range('10:00', '20:00')], [range('10:00', '20:00')], []),
  toy_store: week([range('10:00', '20:00')], [range('10:00', '20:00')], [range('15:00', '20:00')]),
  optical_shop: week([range('09:30', '19:00')], [range('09:30', '13:00')], []),
};

/** Stores whose hours differ from their kind's. */
export const HOURS_BY_STORE: Readonly<Record<string, WeeklyHours>> = {
  // A neighbourhood market: closes at 21 and on Sunday after lunch.
  'Mercado Pocitos': week([range('08:30', '21:00')], [range('08:30', '21:00')], [range('09:00', '14:00')]),
  // A pharmacy on the Rambla, open late every day (the last minute of the day: ranges never cross midnight).
  'Farmacia Rambla': week([range('07:00', '23:59')], [range('07:00', '23:59')], [range('08:00', '23:59')]),
};

/** A demo store's week: its own when it has one, else its kind's. */
export function demoStoreHours(store: { name: string; kind: StoreKind }): WeeklyHours {
  return HOURS_BY_STORE[store.name] ?? HOURS_BY_KIND[store.kind];
}
