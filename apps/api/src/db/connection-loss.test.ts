import { describe, expect, it } from 'vitest';
import { isConnectionLost, isIdempotentRead } from './connection-loss.ts';

describe('isConnectionLost (issue 27)', () => {
  it('knows the server ending a backend, the protocol losing it and the socket failing, through a wrapper', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isConnectionLost(terminated)).toBe(true);
    expect(isConnectionLost(new Error('Failed query: select 1', { cause: terminated }))).toBe(true);
    expect(
      isConnectionLost(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
    ).toBe(true);
    expect(isConnectionLost(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('leaves every other failure to be what it is', () => {
    expect(isConnectionLost(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isConnectionLost(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(false);
    expect(isConnectionLost(new Error('boom'))).toBe(false);
    expect(isConnectionLost('57P01')).toBe(false);
  });
});

describe('isIdempotentRead', () => {
  it('runs a plain select again, never a write or a select that locks rows', () => {
    expect(isIdempotentRead('select "id" from "products" where "id" = $1')).toBe(true);
    expect(isIdempotentRead('  SELECT 1')).toBe(true);
    expect(isIdempotentRead('select id from email_outbox for update skip locked')).toBe(false);
    expect(isIdempotentRead('select id from stores for share')).toBe(false);
    expect(isIdempotentRead('update "carts" set "city_id" = $1')).toBe(false);
    expect(
      isIdempotentRead('with moved as (update stock set n = n - 1 returning id) select * from moved'),
    ).toBe(false);
    expect(isIdempotentRead('insert into sessions values ($1)')).toBe(false);
  });
});
