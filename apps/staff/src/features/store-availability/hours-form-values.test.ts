import { STAFF_MESSAGES } from '@mandado/shared/staff-messages';
import type { WeeklyHours } from '@mandado/shared/store-hours';
import { describe, expect, it } from 'vitest';
import { copyToWorkingDays, hoursFormSchema, hoursFormValues, hoursFromForm } from './hours-form-values.ts';

const WEEK: WeeklyHours = {
  monday: [
    { from: '09:00', to: '13:00' },
    { from: '16:00', to: '20:00' },
  ],
  tuesday: [{ from: '09:00', to: '18:00' }],
  wednesday: [{ from: '09:00', to: '18:00' }],
  thursday: [{ from: '09:00', to: '18:00' }],
  friday: [{ from: '09:00', to: '18:00' }],
  saturday: [{ from: '09:00', to: '13:00' }],
  sunday: [],
};

describe("the 'Horario' rows", () => {
  it('start from the saved week and give it back unchanged', () => {
    const values = hoursFormValues(WEEK);
    expect(values.sunday).toEqual({ closed: true, ranges: [{ from: '09:00', to: '18:00' }] });
    expect(hoursFromForm(values)).toEqual(WEEK);
  });

  it('start from a usual week when the store has no hours', () => {
    const week = hoursFromForm(hoursFormValues(null));
    expect(week.monday).toEqual([{ from: '09:00', to: '18:00' }]);
    expect(week.saturday).toEqual([{ from: '09:00', to: '18:00' }]);
    expect(week.sunday).toEqual([]);
  });

  it("copy Monday's row to the other working days only", () => {
    const copied = hoursFromForm(copyToWorkingDays(hoursFormValues(WEEK), 'monday'));
    expect(copied.friday).toEqual(WEEK.monday);
    expect(copied.saturday).toEqual(WEEK.saturday);
  });

  it("check each open day with the server's rules, and a week that never opens", () => {
    const values = hoursFormValues(WEEK);
    values.monday.ranges = [
      { from: '09:00', to: '13:00' },
      { from: '12:00', to: '20:00' },
    ];
    values.tuesday.ranges = [{ from: '18:00', to: '09:00' }];
    // A closed day's boxes are not checked.
    values.sunday.ranges = [{ from: '', to: '' }];
    const issues = hoursFormSchema.safeParse(values).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['monday.ranges', STAFF_MESSAGES.hoursOverlap],
      ['tuesday.ranges', STAFF_MESSAGES.hoursEndBeforeStart],
    ]);
    const closed = hoursFormValues(WEEK);
    for (const day of Object.values(closed)) day.closed = true;
    expect(hoursFormSchema.safeParse(closed).error?.issues[0]?.message).toBe(STAFF_MESSAGES.hoursNeverOpen);
  });
});
