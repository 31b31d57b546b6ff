import { parse } from 'csv-parse/sync';
import { csvSeparatorOf } from './csv-separator.ts';
import { foldText } from './text-fold.ts';

/**
 * A bank statement as operators export it from their bank (issue 19): CSV with a header row naming at least
 * the date, the description and the amount (Spanish or English names), separated by ';' (Excel in Uruguay and
 * most Latin American banks) or ',' (what is found in the header), optionally with a UTF-8 BOM, amounts with a
 * decimal point or a decimal comma. Pure, so the API and its tests share one reading of a file.
 */

export interface BankStatementLine {
  /** 1 for the first row under the header: the number the operator sees in the spreadsheet, less one. */
  rowNumber: number;
  bookedOn: string;
  description: string;
  /** Integer minor units; a debit is negative. */
  amount: number;
  /** Upper-case ISO code, or '' when the file has no currency column (the orders' currency is assumed). */
  currency: string;
  reference: string;
}

export type BankStatementProblem =
  | { kind: 'empty' }
  | { kind: 'columns' }
  | { kind: 'too_many_rows'; max: number }
  | { kind: 'amount'; rowNumber: number; value: string }
  | { kind: 'quotes'; rowNumber: number };

export type BankStatementParse =
  | { ok: true; lines: BankStatementLine[] }
  | { ok: false; problem: BankStatementProblem };

export const BANK_STATEMENT_MAX_ROWS = 5000;

const COLUMN_NAMES = {
  bookedOn: ['date', 'fecha', 'fecha valor', 'fecha operacion'],
  description: ['description', 'descripcion', 'concepto', 'detalle'],
  amount: ['amount', 'importe', 'monto', 'credito', 'valor'],
  currency: ['currency', 'moneda', 'divisa'],
  reference: ['reference', 'referencia', 'ref'],
} as const;

type Column = keyof typeof COLUMN_NAMES;

/**
 * The file's records (RFC 4180 quoting; CRLF, LF or CR, even mixed), or the 1-based record with an open quote.
 * Blank lines stay records, so a row's number is the spreadsheet's. A quote inside an unquoted cell is a
 * character, as banks print it ('Pago "MV-1"' unquoted).
 */
function records(text: string): string[][] | { openQuoteAt: number } {
  try {
    return parse(text, {
      bom: true,
      delimiter: csvSeparatorOf(text),
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
    }) as string[][];
  } catch (error) {
    // csv-parse counts the records it finished before the one it could not.
    return { openQuoteAt: (error as { records?: number }).records ?? 0 };
  }
}

/** The longest cell read as an amount ("US$ -1.234.567,89 USD" fits with room to spare). */
const AMOUNT_MAX_LENGTH = 40;

const AMOUNT_PATTERN = /^([+-])?(\d{1,3}(?:([.,' ])\d{3})*|\d+)(?:([.,])(\d{1,2}))?$/;

/**
 * "1.234,56", "1,234.56", "1234,5", "-80.00", "USD 12,00", "$ 1 200" → minor units; null when it is not an
 * amount. A lone separator followed by exactly three digits ("1.234") is read as thousands, as banks print.
 */
export function parseStatementAmount(raw: string): number | null {
  // No amount is this long, and the currency-suffix pattern below backtracks quadratically on a long run of
  // spaces: a cell of 100 000 spaces would hold the server for seconds (ReDoS).
  if (raw.length > AMOUNT_MAX_LENGTH) return null;
  let value = raw.trim().replace(/\u00a0/g, ' ');
  value = value.replace(/^(?:[A-Za-z]{3}|\$|US\$|U\$S)\s*/i, '').replace(/\s*(?:[A-Za-z]{3})$/, '');
  value = value.replace(/^([+-])\s+/, '$1').trim();
  if (value.startsWith('(') && value.endsWith(')')) value = `-${value.slice(1, -1)}`;
  const match = AMOUNT_PATTERN.exec(value);
  if (!match) return null;
  const [, sign, whole = '', thousands, decimalSeparator, fraction = ''] = match;
  // "1,234.56" and "1.234,56": the thousands separator and the decimal one must differ.
  if (thousands && decimalSeparator && thousands === decimalSeparator) return null;
  const digits = whole.replace(/[.,' ]/g, '');
  const minor = Number(digits) * 100 + Number(fraction.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(minor)) return null;
  return sign === '-' ? -minor : minor;
}

/** Reads a statement's text; the whole file is refused at its first unreadable row, so nothing half-imports. */
export function parseBankStatement(text: string): BankStatementParse {
  const body = text.replace(/^\uFEFF/, '');
  const firstLineEnd = body.search(/\r?\n/);
  const headerLine = firstLineEnd === -1 ? body : body.slice(0, firstLineEnd);
  if (headerLine.trim() === '') return { ok: false, problem: { kind: 'empty' } };
  const parsed = records(body);
  if (!Array.isArray(parsed)) {
    return { ok: false, problem: { kind: 'quotes', rowNumber: Math.max(1, parsed.openQuoteAt) } };
  }
  const [header = [], ...rows] = parsed;
  const names = header.map((name) => foldText(name).replace(/[_-]+/g, ' ').trim());
  const index = {} as Record<Column, number>;
  for (const column of Object.keys(COLUMN_NAMES) as Column[]) {
    index[column] = names.findIndex((name) => (COLUMN_NAMES[column] as readonly string[]).includes(name));
  }
  if (index.bookedOn < 0 || index.description < 0 || index.amount < 0) {
    return { ok: false, problem: { kind: 'columns' } };
  }
  const lines: BankStatementLine[] = [];
  let rowNumber = 0;
  for (const row of rows) {
    rowNumber += 1;
    // Blank lines (a trailing newline, a spacer row) are not rows of the statement.
    if (row.every((cell) => cell.trim() === '')) continue;
    if (lines.length >= BANK_STATEMENT_MAX_ROWS) {
      return { ok: false, problem: { kind: 'too_many_rows', max: BANK_STATEMENT_MAX_ROWS } };
    }
    const cell = (column: Column) => (index[column] >= 0 ? (row[index[column]] ?? '').trim() : '');
    const amount = parseStatementAmount(cell('amount'));
    if (amount === null) return { ok: false, problem: { kind: 'amount', rowNumber, value: cell('amount') } };
    lines.push({
      rowNumber,
      bookedOn: cell('bookedOn').slice(0, 40),
      description: cell('description').slice(0, 500),
      amount,
      currency: cell('currency').toUpperCase().slice(0, 3),
      reference: cell('reference').slice(0, 120),
    });
  }
  if (lines.length === 0) return { ok: false, problem: { kind: 'empty' } };
  return { ok: true, lines };
}

/**
 * The order numbers a row names (MV-10234, "mv 10234", "MV10234"; a store order MV-10234-1 names its
 * checkout), normalised to how orders are numbered, without repeats.
 */
export function orderNumbersIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?<![A-Za-z0-9])MV[\s-]?(\d{4,9})(?!\d)/gi)) {
    found.add(`MV-${match[1]}`);
  }
  return [...found];
}

export type BankRowOutcome = 'matched' | 'unmatched' | 'ambiguous' | 'already_paid';

/** A checkout a row may be paying, as the matcher needs to see it. */
export interface PayableGroup {
  id: number;
  number: string;
  /** Minor units. */
  total: number;
  currency: string;
  /** pending and still awaiting the money (not cancelled, not expired). */
  payable: boolean;
  paid: boolean;
}

export interface BankRowMatch {
  outcome: BankRowOutcome;
  groupId: number | null;
  note: string;
}

/**
 * What one row pays (issue 19): the order number in its description (or reference) AND the exact amount in the
 * same currency. One such order: matched (or already_paid); several: ambiguous; none: unmatched. `claimed`
 * holds the checkouts earlier rows of the same file matched, so a payment listed twice is not paid twice.
 */
export function matchBankRow(
  line: BankStatementLine,
  groupsByNumber: ReadonlyMap<string, PayableGroup>,
  claimed: Set<number>,
): BankRowMatch {
  const numbers = orderNumbersIn(`${line.description} ${line.reference}`);
  if (line.amount <= 0) return { outcome: 'unmatched', groupId: null, note: 'No es un ingreso.' };
  if (numbers.length === 0) {
    return { outcome: 'unmatched', groupId: null, note: 'La descripción no tiene un número de pedido.' };
  }
  const named = numbers.flatMap((number) => {
    const group = groupsByNumber.get(number);
    return group ? [group] : [];
  });
  if (named.length === 0) {
    return { outcome: 'unmatched', groupId: null, note: `No hay un pedido ${numbers.join(', ')}.` };
  }
  const sameAmount = named.filter(
    (group) => group.total === line.amount && (line.currency === '' || line.currency === group.currency),
  );
  if (sameAmount.length > 1) {
    return {
      outcome: 'ambiguous',
      groupId: null,
      note: `El importe coincide con varios pedidos: ${sameAmount.map((group) => group.number).join(', ')}.`,
    };
  }
  const [group] = sameAmount;
  if (!group) {
    const numbersText = named.map((candidate) => candidate.number).join(', ');
    return {
      outcome: 'unmatched',
      groupId: null,
      note: `El importe no coincide con el total de ${numbersText}.`,
    };
  }
  if (group.paid) return { outcome: 'already_paid', groupId: group.id, note: 'Ese pedido ya estaba pagado.' };
  if (!group.payable) {
    return { outcome: 'unmatched', groupId: group.id, note: `${group.number} fue cancelado o venció.` };
  }
  if (claimed.has(group.id)) {
    return {
      outcome: 'ambiguous',
      groupId: group.id,
      note: `Otra fila de este extracto ya paga ${group.number}: revisa si es un pago repetido.`,
    };
  }
  claimed.add(group.id);
  return { outcome: 'matched', groupId: group.id, note: '' };
}
