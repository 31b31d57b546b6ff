import { STORE_MEMBER_ROLES } from '@mandado/shared/permissions';
import { STORE_MEMBER_ROLE_LABELS } from '@mandado/shared/store-members.schemas';
import { describe, expect, it } from 'vitest';
import { INVITED_AS, invitationTitle, ROLE_HINTS, sameEmail } from './role-text.ts';

describe('the invitation page wording', () => {
  it.each(STORE_MEMBER_ROLES)('says the %s role with its label, as the e-mail does', (role) => {
    expect(INVITED_AS[role]).toBe(STORE_MEMBER_ROLE_LABELS[role].toLowerCase());
    expect(ROLE_HINTS[role]).toMatch(/^[A-ZÁÉÍÓÚ].+\.$/);
  });

  it('names the store and the role', () => {
    expect(invitationTitle('Supermercado El Puerto', 'staff')).toBe(
      'Te invitaron a Supermercado El Puerto como personal',
    );
    expect(invitationTitle('Farmacia Rambla', 'owner')).toBe('Te invitaron a Farmacia Rambla como dueño');
  });

  it('compares e-mails without case or spaces', () => {
    expect(sameEmail(' Ana@Example.com', 'ana@example.com')).toBe(true);
    expect(sameEmail('ana@example.com', 'otra@example.com')).toBe(false);
  });
});
