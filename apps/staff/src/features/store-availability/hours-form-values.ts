import { STAFF_MESSAGES } from '@mandado/shared/staff-messages';
import {
  dayHoursProblem,
  type HoursRange,
  MAX_RANGES_PER_DAY,
  WEEKDAYS,
  type Weekday,
  type WeeklyHours,
  WORKING_DAYS,
} from '@mandado/shared/store-hours';
import { z } from 'zod';

/** One weekday's row of 'Horario': the 'Cerrado' switch and its one or two ranges as the time boxes hold them. */
export interface DayFormValues {
  closed: boolean;
  ranges: HoursRange[];
}
export type HoursFormValues = Record<Weekday, DayFormValues>;

const DEFAULT_RANGE: HoursRange = { from: '09:00', to: '18:00' };

/**
 * The rows from the saved week. A store without hours starts from a usual shop's week (Monday to Saturday,
 * 9:00 to 18:00, Sunday closed), which only counts once the owner saves it. A closed day keeps one range in
 * its boxes, so opening it again shows times to adjust rather than empty boxes.
 */
export function hoursFormValues(hours: WeeklyHours | null): HoursFormValues {
  const values = {} as HoursFormValues;
  for (const day of WEEKDAYS) {
    const ranges = hours ? hours[day] : day === 'sunday' ? [] : [DEFAULT_RANGE];
    values[day] = {
      closed: ranges.length === 0,
      ranges: ranges.length === 0 ? [{ ...DEFAULT_RANGE }] : ranges.map((range) => ({ ...range })),
    };
  }
  return values;
}

/** The week the API takes: a closed day has no range, whatever its boxes still hold. */
export function hoursFromForm(values: HoursFormValues): WeeklyHours {
  const week = {} as WeeklyHours;
  for (const day of WEEKDAYS) week[day] = values[day].closed ? [] : values[day].ranges;
  return week;
}

/** 'Copiar a todos los días hábiles': Monday's row on Tuesday to Friday. */
export function copyToWorkingDays(values: HoursFormValues, from: Weekday): HoursFormValues {
  const source = values[from];
  const copied = { ...values };
  for (const day of WORKING_DAYS) {
    copied[day] = { closed: source.closed, ranges: source.ranges.map((range) => ({ ...range })) };
  }
  return copied;
}

export function canAddRange(day: DayFormValues): boolean {
  return !day.closed && day.ranges.length < MAX_RANGES_PER_DAY;
}

const range = z.object({ from: z.string(), to: z.string() });

/**
 * The rows checked with the shared rules (dayHoursProblem, the server's own), each day's message under its
 * row; a week with every day closed is refused under the whole section.
 */
export const hoursFormSchema = z
  .object(
    Object.fromEntries(
      WEEKDAYS.map((day) => [day, z.object({ closed: z.boolean(), ranges: z.array(range) })]),
    ) as Record<Weekday, z.ZodObject<{ closed: z.ZodBoolean; ranges: z.ZodArray<typeof range> }>>,
  )
  .superRefine((values, context) => {
    for (const day of WEEKDAYS) {
      if (values[day].closed) continue;
      const problem = dayHoursProblem(values[day].ranges);
      if (problem) context.addIssue({ code: 'custom', path: [day, 'ranges'], message: problem });
    }
    if (WEEKDAYS.every((day) => values[day].closed)) {
      context.addIssue({ code: 'custom', path: ['root'], message: STAFF_MESSAGES.hoursNeverOpen });
    }
  });
