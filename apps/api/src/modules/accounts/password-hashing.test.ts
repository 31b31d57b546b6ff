import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, setPasswordHashing, verifyPassword } from './password-hashing.ts';

// The API tests' app hashes at the test setting (decision 049); these hash at both and put the test one back.
afterEach(() => setPasswordHashing('fast-for-tests'));

describe('password hashing', () => {
  it('hashes with argon2id at 19 MiB, 2 iterations and 1 lane by default (OWASP), never keeping the password', async () => {
    setPasswordHashing('standard');
    const hash = await hashPassword('Una clave larga 2026');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(hash).not.toContain('Una clave larga 2026');
    expect(await verifyPassword(hash, 'Una clave larga 2026')).toBe(true);
    expect(await verifyPassword(hash, 'una clave larga 2026')).toBe(false);
  });

  it('hashes cheaply only at the test setting, and each setting verifies the other’s hashes', async () => {
    setPasswordHashing('fast-for-tests');
    const fast = await hashPassword('Otra clave 2026');
    expect(fast).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    setPasswordHashing('standard');
    expect(await verifyPassword(fast, 'Otra clave 2026')).toBe(true);
    const standard = await hashPassword('Otra clave 2026');
    setPasswordHashing('fast-for-tests');
    expect(await verifyPassword(standard, 'Otra clave 2026')).toBe(true);
    expect(await verifyPassword('no es un hash', 'Otra clave 2026')).toBe(false);
  });
});
