import { describe, expect, it } from 'vitest';
import {
  RETURN_STATUSES,
  RETURN_TRANSITIONS,
  returnableByDefault,
  returnTransitionRefusal,
} from './return-status.ts';
import { STORE_KINDS } from './store-kinds.ts';

describe('return statuses (decision 076)', () => {
  it('lets each side take only its own edges, with a reason or the code where needed', () => {
    expect(returnTransitionRefusal({ from: 'requested', to: 'accepted', actor: 'merchant' })).toBeNull();
    expect(returnTransitionRefusal({ from: 'requested', to: 'refused', actor: 'merchant' })).toBe(
      'reason_required',
    );
    expect(
      returnTransitionRefusal({ from: 'requested', to: 'refused', actor: 'merchant', reason: 'Vino usada.' }),
    ).toBeNull();
    expect(returnTransitionRefusal({ from: 'requested', to: 'cancelled', actor: 'merchant' })).toBe(
      'actor_not_allowed',
    );
    expect(returnTransitionRefusal({ from: 'refused', to: 'accepted', actor: 'merchant' })).toBe(
      'actor_not_allowed',
    );
    expect(
      returnTransitionRefusal({
        from: 'refused',
        to: 'accepted',
        actor: 'operator',
        reason: 'Tiene etiqueta.',
      }),
    ).toBeNull();
    expect(returnTransitionRefusal({ from: 'accepted', to: 'picked_up', actor: 'courier' })).toBe(
      'code_required',
    );
    expect(
      returnTransitionRefusal({ from: 'accepted', to: 'picked_up', actor: 'courier', codeChecked: true }),
    ).toBeNull();
    expect(returnTransitionRefusal({ from: 'accepted', to: 'received', actor: 'merchant' })).toBe(
      'not_allowed',
    );
  });

  it('ends at received and cancelled, and every edge leads to a known status', () => {
    expect(RETURN_TRANSITIONS.received).toEqual([]);
    expect(RETURN_TRANSITIONS.cancelled).toEqual([]);
    for (const edges of Object.values(RETURN_TRANSITIONS)) {
      for (const edge of edges) expect(RETURN_STATUSES).toContain(edge.to);
    }
  });

  it('leaves greengrocers’, butchers’ and pharmacies’ goods out by default (Ley 17.250 art. 16 bis)', () => {
    const out = STORE_KINDS.filter((kind) => !returnableByDefault(kind));
    expect(out.sort()).toEqual(['greengrocer_shop', 'meat_shop', 'pharmacy']);
  });
});
