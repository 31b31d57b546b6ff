import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { STAFF_MESSAGES } from './staff-messages.ts';
import {
  clockMinutes,
  dayHoursProblem,
  MAX_RANGES_PER_DAY,
  normalizeWeeklyHours,
  opensSomeDay,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type WeeklyHours,
} from './store-hours.ts';

const clock = z
  .string({ error: STAFF_MESSAGES.invalidClock })
  .refine((value) => clockMinutes(value) !== null, STAFF_MESSAGES.invalidClock);

const rangeSchema = z.object({ from: clock, to: clock });

const daySchema = z
  .array(rangeSchema, { error: MESSAGES.invalidValue })
  .max(MAX_RANGES_PER_DAY, STAFF_MESSAGES.hoursTooManyRanges(MAX_RANGES_PER_DAY));

/**
 * A store's week (store-hours.ts): every day present, closed as an empty list; kept padded and in order.
 * Messages name the day ("Sábado: …") because the API reports them under one `hours` field.
 */
export const weeklyHoursSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, daySchema])) as Record<
      (typeof WEEKDAYS)[number],
      typeof daySchema
    >,
    { error: MESSAGES.invalidValue },
  )
  .strict()
  .superRefine((week, context) => {
    for (const day of WEEKDAYS) {
      const problem = dayHoursProblem(week[day]);
      if (problem) {
        context.addIssue({ code: 'custom', path: [day], message: `${WEEKDAY_LABELS[day]}: ${problem}` });
      }
    }
    if (!opensSomeDay(week as WeeklyHours)) {
      context.addIssue({ code: 'custom', message: STAFF_MESSAGES.hoursNeverOpen });
    }
  })
  .transform((week) => normalizeWeeklyHours(week as WeeklyHours));

/** PUT /v1/merchant/stores/:id/hours/: the week, or null for "no hours" (always open). */
export const storeHoursInputSchema = z.object({ hours: weeklyHoursSchema.nullable() });
export type StoreHoursInput = z.input<typeof storeHoursInputSchema>;
export type StoreHoursValues = z.output<typeof storeHoursInputSchema>;
