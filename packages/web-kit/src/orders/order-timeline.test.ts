import { describe, expect, it } from 'vitest';
import { groupStatusTone, paymentStatusTone, statusTone, timelineSteps } from './order-timeline.ts';

describe('timelineSteps', () => {
  it('orders the history oldest first, labels it in Spanish and marks the last step current', () => {
    const steps = timelineSteps(
      [
        { to: 'approved', at: '2026-11-22T15:00:00Z', reason: '' },
        { to: 'pending', at: '2026-11-22T14:00:00Z' },
        { to: 'preparing_to_delivery', at: '2026-11-23T12:00:00Z' },
      ],
      { status: 'preparing_to_delivery' },
    );
    expect(steps.map((step) => step.label)).toEqual(['Pendiente', 'Aprobado', 'En preparación']);
    expect(steps.map((step) => step.current)).toEqual([false, false, true]);
    expect(steps[0]?.when).toMatch(/^22 nov\.? 2026,? 11:00$/);
    expect(steps[0]?.dateTime).toBe('2026-11-22T14:00:00Z');
    expect(steps[1]?.reason).toBeNull();
  });

  it('keeps the tracking answer’s own labels and the staff’s reasons', () => {
    const steps = timelineSteps(
      [
        { to: 'pending', label: 'Pendiente', at: '2026-11-22T14:00:00Z' },
        {
          to: 'delivery_attempt',
          label: 'Intento de entrega',
          at: '2026-11-24T14:00:00Z',
          reason: ' Nadie en casa ',
        },
      ],
      { status: 'delivery_attempt', label: 'Intento de entrega' },
    );
    expect(steps.at(-1)).toMatchObject({
      label: 'Intento de entrega',
      reason: 'Nadie en casa',
      current: true,
    });
  });

  it('adds the current status without a date when the history does not reach it', () => {
    expect(timelineSteps([], { status: 'pending' })).toEqual([
      {
        key: 'current-pending',
        status: 'pending',
        label: 'Pendiente',
        dateTime: '',
        when: '',
        reason: null,
        current: true,
      },
    ]);
    const steps = timelineSteps([{ to: 'pending', at: '2026-11-22T14:00:00Z' }], { status: 'approved' });
    expect(steps.map((step) => [step.label, step.current])).toEqual([
      ['Pendiente', false],
      ['Aprobado', true],
    ]);
  });

  it('keeps the given order for changes at the same instant', () => {
    const at = '2026-11-22T14:00:00Z';
    const steps = timelineSteps(
      [
        { to: 'pending', at },
        { to: 'approved', at },
      ],
      { status: 'approved' },
    );
    expect(steps.map((step) => step.status)).toEqual(['pending', 'approved']);
  });
});

describe('statusTone', () => {
  it('colours ends, problems and progress apart', () => {
    expect(statusTone('delivered')).toBe('success');
    expect(statusTone('rejected')).toBe('danger');
    expect(statusTone('delivery_attempt')).toBe('warn');
    expect(statusTone('ready_to_delivery')).toBe('progress');
    expect(statusTone('pending')).toBe('neutral');
  });
});

describe('group and payment tones', () => {
  it('a transfer still owed asks for attention, a cancelled order’s does not', () => {
    expect(paymentStatusTone('pending', 'confirmed')).toBe('warn');
    expect(paymentStatusTone('pending', 'cancelled')).toBe('neutral');
    expect(paymentStatusTone('paid', 'confirmed')).toBe('success');
    expect(groupStatusTone('confirmed')).toBe('progress');
    expect(groupStatusTone('cancelled')).toBe('danger');
    expect(groupStatusTone('awaiting_payment')).toBe('warn');
  });
});
