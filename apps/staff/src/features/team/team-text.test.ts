import { describe, expect, it } from 'vitest';
import { canRemove, invitationExpiryText, roleLabel, sortedMembers } from './team-text.ts';

const member = (user_id: number, name: string, role: 'owner' | 'staff', you = false) => ({
  user_id,
  name,
  email: `${user_id}@example.com`,
  role,
  you,
});

describe('team wording', () => {
  it('names the roles as the e-mail does', () => {
    expect(roleLabel('owner')).toBe('Dueño');
    expect(roleLabel('staff')).toBe('Personal');
  });

  it('tells when an invitation expires, in Montevideo time', () => {
    expect(invitationExpiryText('2026-12-02T17:00:00.000Z')).toBe('Vence el 2 dic 2026, 14:00');
  });

  it('never offers to remove the last owner', () => {
    const lucia = member(1, 'Lucía', 'owner', true);
    const ana = member(2, 'Ana', 'staff');
    const bruno = member(3, 'Bruno', 'owner');
    expect(canRemove(lucia, [lucia, ana])).toBe(false);
    expect(canRemove(ana, [lucia, ana])).toBe(true);
    expect(canRemove(lucia, [lucia, ana, bruno])).toBe(true);
    expect(canRemove(bruno, [lucia, ana, bruno])).toBe(true);
  });

  it('lists owners first, oneself first among them, then by name', () => {
    const list = [
      member(4, 'Zoe', 'staff'),
      member(2, 'Ana', 'staff'),
      member(3, 'Bruno', 'owner'),
      member(1, 'Lucía', 'owner', true),
    ];
    expect(sortedMembers(list).map((row) => row.name)).toEqual(['Lucía', 'Bruno', 'Ana', 'Zoe']);
  });
});
