import { describe, expect, it } from 'vitest';
import {
  type BankStatementLine,
  matchBankRow,
  orderNumbersIn,
  type PayableGroup,
  parseBankStatement,
  parseStatementAmount,
} from './bank-statement.ts';

describe('statement amounts', () => {
  it('read a decimal point, a decimal comma and thousands separators', () => {
    expect(parseStatementAmount('24.00')).toBe(2400);
    expect(parseStatementAmount('24,5')).toBe(2450);
    expect(parseStatementAmount('1.234,56')).toBe(123456);
    expect(parseStatementAmount('1,234.56')).toBe(123456);
    expect(parseStatementAmount('1.234')).toBe(123400);
    expect(parseStatementAmount('USD 12,00')).toBe(1200);
    expect(parseStatementAmount('US$ 12.00')).toBe(1200);
    expect(parseStatementAmount('-80,00')).toBe(-8000);
    expect(parseStatementAmount('(80.00)')).toBe(-8000);
    expect(parseStatementAmount('1 200,00')).toBe(120000);
  });

  it('refuse what is not an amount', () => {
    for (const value of ['', 'abc', '12.345.6', '1.234.56', '12,3,4', '1,234,56.7', '1e5']) {
      expect(parseStatementAmount(value), value).toBeNull();
    }
  });

  it('refuse a huge cell at once, without the quadratic backtracking of a long run of spaces (ReDoS)', () => {
    const started = Date.now();
    expect(parseStatementAmount(`1${' '.repeat(200_000)}1`)).toBeNull();
    expect(Date.now() - started).toBeLessThan(100);
    expect(parseStatementAmount('US$ 1.234.567,89')).toBe(123456789);
  });
});

describe('parseBankStatement', () => {
  it('reads ; with a BOM, CRLF, quotes and a decimal comma, skipping blank lines', () => {
    const text =
      '\uFEFFFecha;Descripción;Importe;Moneda\r\n' +
      '2026-11-20;"TRF MV-10234; Ana";24,00;usd\r\n' +
      '\r\n' +
      '2026-11-21;Comisión;-1,50;USD\r\n';
    const parsed = parseBankStatement(text);
    expect(parsed).toEqual({
      ok: true,
      lines: [
        {
          rowNumber: 1,
          bookedOn: '2026-11-20',
          description: 'TRF MV-10234; Ana',
          amount: 2400,
          currency: 'USD',
          reference: '',
        },
        {
          rowNumber: 3,
          bookedOn: '2026-11-21',
          description: 'Comisión',
          amount: -150,
          currency: 'USD',
          reference: '',
        },
      ],
    });
  });

  it('reads , with English names and a reference column', () => {
    const parsed = parseBankStatement(
      'date,description,amount,reference\n2026-11-20,"Pago ""MV-10235""",1234.50,OP-77\n',
    );
    expect(parsed.ok && parsed.lines[0]).toMatchObject({
      description: 'Pago "MV-10235"',
      amount: 123450,
      reference: 'OP-77',
    });
  });

  it('refuses a file without the columns, an empty one, an unreadable amount and an open quote', () => {
    expect(parseBankStatement('')).toEqual({ ok: false, problem: { kind: 'empty' } });
    expect(parseBankStatement('fecha;importe\n2026-11-20;3,00')).toEqual({
      ok: false,
      problem: { kind: 'columns' },
    });
    expect(parseBankStatement('fecha;concepto;importe\n')).toEqual({ ok: false, problem: { kind: 'empty' } });
    expect(parseBankStatement('fecha;concepto;importe\n1;MV-1;3,00\n2;MV-2;tres\n')).toEqual({
      ok: false,
      problem: { kind: 'amount', rowNumber: 2, value: 'tres' },
    });
    expect(parseBankStatement('fecha;concepto;importe\n1;"MV-1;3,00\n')).toMatchObject({
      ok: false,
      problem: { kind: 'quotes' },
    });
  });
});

describe('orderNumbersIn', () => {
  it('finds checkout numbers however the remitter typed them', () => {
    expect(orderNumbersIn('TRANSF MV-10234 ANA')).toEqual(['MV-10234']);
    expect(orderNumbersIn('mv 10234 y MV10235, MV-10234-2')).toEqual(['MV-10234', 'MV-10235']);
    expect(orderNumbersIn('CMV-10234 MV-123 10234')).toEqual([]);
  });
});

describe('matchBankRow', () => {
  const group = (id: number, total: number, extra: Partial<PayableGroup> = {}): PayableGroup => ({
    id,
    number: `MV-${10230 + id}`,
    total,
    currency: 'USD',
    payable: true,
    paid: false,
    ...extra,
  });
  const groups = new Map(
    [
      group(1, 2400),
      group(2, 2400),
      group(3, 5000, { paid: true, payable: false }),
      group(4, 700, { payable: false }),
    ].map((g) => [g.number, g]),
  );
  const line = (description: string, amount: number, currency = ''): BankStatementLine => ({
    rowNumber: 1,
    bookedOn: '',
    description,
    amount,
    currency,
    reference: '',
  });

  it('matches on the number AND the exact amount, once per checkout', () => {
    const claimed = new Set<number>();
    expect(matchBankRow(line('MV-10231', 2400), groups, claimed)).toEqual({
      outcome: 'matched',
      groupId: 1,
      note: '',
    });
    expect(matchBankRow(line('otra vez MV-10231', 2400), groups, claimed).outcome).toBe('ambiguous');
  });

  it('leaves unmatched a wrong amount, an unknown number, no number, a debit and another currency', () => {
    const claimed = new Set<number>();
    for (const [description, amount, currency] of [
      ['MV-10231', 2399, ''],
      ['MV-99999', 2400, ''],
      ['Pago de Ana', 2400, ''],
      ['MV-10231', -2400, ''],
      ['MV-10231', 2400, 'UYU'],
      ['MV-10234', 700, ''],
    ] as const) {
      expect(matchBankRow(line(description, amount, currency), groups, claimed).outcome).toBe('unmatched');
    }
    expect(claimed.size).toBe(0);
  });

  it('calls a row naming two checkouts of that amount ambiguous, and a paid one already paid', () => {
    expect(matchBankRow(line('MV-10231 MV-10232', 2400), groups, new Set()).outcome).toBe('ambiguous');
    // Two numbers, one with the amount: that one.
    expect(matchBankRow(line('MV-10231 MV-10233', 5000), groups, new Set())).toMatchObject({
      outcome: 'already_paid',
      groupId: 3,
    });
  });
});
