import {
  type MerchantAvailability,
  merchantAvailabilityInputSchema,
} from '@mandado/shared/store-availability.schemas';
import { z } from 'zod';
import { isoToMontevideoLocal, montevideoLocalToIso } from './availability-time.ts';

/** What the 'Cierre programado' boxes hold: days and times on Montevideo's clock, and the note as typed. */
export interface ClosureFormValues {
  from_date: string;
  from_time: string;
  to_date: string;
  to_time: string;
  note: string;
}

/** The closure the API takes (`closure` of PUT …/availability/). */
export type ClosureInput = NonNullable<MerchantAvailability['closure']>;

/** Where each of the API's closure fields shows its message: under its own group of boxes. */
const FIELD_OF_API_PATH: Readonly<Record<string, keyof ClosureFormValues>> = {
  from: 'from_date',
  to: 'to_date',
  note: 'note',
};

/**
 * The boxes turned into the API's closure and checked with the very schema the server uses (its messages
 * under the boxes: "El cierre tiene que terminar después de empezar"), each message moved from the API's
 * field (closure.to) to the form's (to_date). An empty or impossible day goes as '', which the schema answers
 * with its own date message.
 */
export const closureFormSchema = z
  .object({
    from_date: z.string(),
    from_time: z.string(),
    to_date: z.string(),
    to_time: z.string(),
    note: z.string(),
  })
  .transform((values, context): ClosureInput => {
    const closure = {
      from: montevideoLocalToIso({ date: values.from_date, time: values.from_time }) ?? '',
      to: montevideoLocalToIso({ date: values.to_date, time: values.to_time }) ?? '',
      note: values.note,
    };
    const checked = merchantAvailabilityInputSchema.safeParse({ paused_until: null, closure });
    if (checked.success && checked.data.closure) return checked.data.closure;
    for (const issue of checked.error?.issues ?? []) {
      const field = FIELD_OF_API_PATH[String(issue.path[1])] ?? 'to_date';
      context.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
    return z.NEVER;
  });

/** New boxes: the days empty, a closure from the start of its first day to the end of its last. */
export const EMPTY_CLOSURE_FORM: ClosureFormValues = {
  from_date: '',
  from_time: '00:00',
  to_date: '',
  to_time: '23:59',
  note: '',
};

/** The saved closure in the boxes (Montevideo's clock), or the empty boxes when none is set. */
export function closureFormValues(closure: MerchantAvailability['closure']): ClosureFormValues {
  if (!closure) return EMPTY_CLOSURE_FORM;
  const from = isoToMontevideoLocal(closure.from);
  const to = isoToMontevideoLocal(closure.to);
  return {
    from_date: from.date,
    from_time: from.time,
    to_date: to.date,
    to_time: to.time,
    note: closure.note,
  };
}
