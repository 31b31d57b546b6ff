import { STAFF_MESSAGES } from '@mandado/shared/staff-messages';
import { describe, expect, it } from 'vitest';
import { closureFormSchema, closureFormValues, EMPTY_CLOSURE_FORM } from './closure-form-values.ts';

const FILLED = {
  from_date: '2026-12-24',
  from_time: '00:00',
  to_date: '2026-12-25',
  to_time: '23:59',
  note: '  Feriado de Navidad ',
};

describe('closureFormSchema', () => {
  it("turns the boxes into the API's closure, on Montevideo's clock, the note trimmed", () => {
    expect(closureFormSchema.parse(FILLED)).toEqual({
      from: '2026-12-24T03:00:00.000Z',
      to: '2026-12-26T02:59:00.000Z',
      note: 'Feriado de Navidad',
    });
    expect(closureFormSchema.parse({ ...FILLED, note: '' }).note).toBe('');
  });

  it("puts the API schema's messages under the form's boxes", () => {
    const empty = closureFormSchema.safeParse(EMPTY_CLOSURE_FORM);
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['from_date', STAFF_MESSAGES.invalidDate],
      ['to_date', STAFF_MESSAGES.invalidDate],
    ]);

    const backwards = closureFormSchema.safeParse({ ...FILLED, to_date: '2026-12-23' });
    expect(backwards.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['to_date', STAFF_MESSAGES.closureEndsBeforeStart],
    ]);

    const longNote = closureFormSchema.safeParse({ ...FILLED, note: 'x'.repeat(161) });
    expect(longNote.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['note']);
  });
});

describe('closureFormValues', () => {
  it("shows a saved closure on Montevideo's clock, and empty boxes without one", () => {
    expect(
      closureFormValues({
        from: '2026-12-24T03:00:00.000Z',
        to: '2026-12-26T02:59:00.000Z',
        note: 'Feriado',
      }),
    ).toEqual({
      from_date: '2026-12-24',
      from_time: '00:00',
      to_date: '2026-12-25',
      to_time: '23:59',
      note: 'Feriado',
    });
    expect(closureFormValues(null)).toEqual(EMPTY_CLOSURE_FORM);
  });
});
