import { decodeCsvBytes } from '@mandado/shared/csv-encoding';
import { csvSeparatorOf } from '@mandado/shared/csv-separator';
import { VAT_RATE_PERCENT, type VatRate, vatRateOfPercent } from '@mandado/shared/iva';
import {
  normalizePriceInput,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_PRICE_MAX_MINOR,
  PRODUCT_STOCK_MAX,
} from '@mandado/shared/merchant-catalog.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { parseMoney } from '@mandado/shared/money';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { STAFF_MESSAGES } from '@mandado/shared/staff-messages';
import { singleLineTextProblem } from '@mandado/shared/validation-rules';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/**
 * The catalog's CSV (issue 18): one product per row, found by its name (a store's names are unique), so a file
 * exported, edited in a spreadsheet and imported again changes only what was edited, and importing the same
 * file twice changes nothing the second time. Headers are Spanish words a shop's staff can read; commas or
 * semicolons (what a Spanish-language spreadsheet writes) both separate fields, and "1250,50" is a price.
 */
export const CSV_COLUMNS = [
  'nombre',
  'descripcion',
  'categoria',
  'precio',
  'precio_descuento',
  'stock',
  'activo',
  // Issue 32 (decision 076): optional; absent, a new product takes its store kind's default, others keep theirs.
  'admite_devolucion',
  // Decision 078: 22, 10 or 0; empty for the store kind's default. Optional: a file without it keeps each rate.
  'iva',
] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly CsvColumn[] = ['nombre', 'categoria', 'precio', 'stock'];

/** A file's most rows: ten thousand products import in well under the 30 s the issue asks for. */
export const CSV_MAX_ROWS = 20_000;
export const CSV_MAX_BYTES = 5 * 1024 * 1024;
const CATEGORY_MAX_LENGTH = 60;

export interface CsvProductRow {
  /** The file's line, counting the header as line 1, as the spreadsheet shows it. */
  line: number;
  name: string;
  description: string;
  category: string;
  price: string;
  discountedPrice: string | null;
  stock: number;
  active: boolean;
  /** Null when the file has no 'admite_devolucion' column. */
  returnable: boolean | null;
  /** The product's own IVA; null (empty cell) the store kind's; undefined when the file has no 'iva' column. */
  vatRate?: VatRate | null;
}

export interface CsvRowError {
  line: number;
  column: CsvColumn | null;
  message: string;
}

const YES = new Set(['si', 'sí', 's', 'yes', 'y', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/**
 * A spreadsheet runs a cell that starts with = + - @ as a formula (CSV injection, OWASP): the export writes
 * such a text with a leading apostrophe, which spreadsheets show as text, and the import takes it off again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function safeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function unescapeCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** The header cell as a column name: case, accents and spaces aside ("Precio descuento" → precio_descuento). */
function columnOf(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Reads the file into products, or the Spanish reason of every row that cannot be one. */
export function parseCatalogCsv(input: string | Uint8Array): {
  rows: CsvProductRow[];
  errors: CsvRowError[];
} {
  let text: string;
  if (typeof input === 'string') {
    text = input;
  } else {
    const decoded = decodeCsvBytes(input);
    if ('problem' in decoded)
      return { rows: [], errors: [{ line: 1, column: null, message: decoded.problem }] };
    text = decoded.text;
  }
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: csvSeparatorOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { rows: [], errors: [{ line, column: null, message: SERVER_MESSAGES.csvUnreadable }] };
  }
  const [header, ...body] = records;
  if (!header) return { rows: [], errors: [{ line: 1, column: null, message: SERVER_MESSAGES.csvEmpty }] };
  const index = new Map<string, number>();
  for (const [position, cell] of header.entries()) index.set(columnOf(cell), position);
  const missing = REQUIRED_COLUMNS.filter((column) => !index.has(column));
  if (missing.length > 0) {
    return {
      rows: [],
      errors: [{ line: 1, column: null, message: SERVER_MESSAGES.csvMissingColumns(missing) }],
    };
  }
  if (body.length > CSV_MAX_ROWS) {
    return {
      rows: [],
      errors: [{ line: 1, column: null, message: SERVER_MESSAGES.csvTooManyRows(CSV_MAX_ROWS) }],
    };
  }

  const rows: CsvProductRow[] = [];
  const errors: CsvRowError[] = [];
  const seen = new Map<string, number>();
  body.forEach((record, position) => {
    const line = position + 2;
    const cell = (column: CsvColumn) => {
      const at = index.get(column);
      return at === undefined ? '' : unescapeCell((record[at] ?? '').trim());
    };
    const rowErrors: CsvRowError[] = [];
    const fail = (column: CsvColumn, message: string) => rowErrors.push({ line, column, message });

    const name = cell('nombre');
    if (!name) fail('nombre', MESSAGES.required);
    else if (name.length > PRODUCT_NAME_MAX_LENGTH) fail('nombre', MESSAGES.tooLong(PRODUCT_NAME_MAX_LENGTH));
    else if (singleLineTextProblem(name)) fail('nombre', MESSAGES.singleLineText);
    const firstLine = seen.get(name.toLowerCase());
    if (name && firstLine !== undefined) fail('nombre', SERVER_MESSAGES.csvDuplicateName(firstLine));
    else if (name) seen.set(name.toLowerCase(), line);

    const description = cell('descripcion');
    if (description.length > PRODUCT_DESCRIPTION_MAX_LENGTH) {
      fail('descripcion', MESSAGES.tooLong(PRODUCT_DESCRIPTION_MAX_LENGTH));
    }
    const category = cell('categoria');
    if (!category) fail('categoria', MESSAGES.required);
    else if (category.length > CATEGORY_MAX_LENGTH || singleLineTextProblem(category)) {
      fail('categoria', MESSAGES.invalidValue);
    }

    const price = normalizePriceInput(cell('precio'));
    const priceOk = price !== null && parseMoney(price) > 0 && parseMoney(price) <= PRODUCT_PRICE_MAX_MINOR;
    if (!priceOk) fail('precio', STAFF_MESSAGES.invalidPrice);
    const discountCell = cell('precio_descuento');
    const discountedPrice = discountCell ? normalizePriceInput(discountCell) : null;
    if (discountCell && (discountedPrice === null || parseMoney(discountedPrice) <= 0)) {
      fail('precio_descuento', STAFF_MESSAGES.invalidPrice);
    } else if (priceOk && price && discountedPrice && parseMoney(discountedPrice) >= parseMoney(price)) {
      fail('precio_descuento', STAFF_MESSAGES.discountNotLower);
    }

    const stockCell = cell('stock').replace(/\./g, '');
    const stock = /^\d{1,6}$/.test(stockCell) ? Number(stockCell) : Number.NaN;
    if (!Number.isInteger(stock) || stock > PRODUCT_STOCK_MAX) fail('stock', STAFF_MESSAGES.invalidStock);

    const activeCell = cell('activo').toLowerCase();
    const active = index.has('activo') ? YES.has(activeCell) : true;
    if (index.has('activo') && !YES.has(activeCell) && !NO.has(activeCell))
      fail('activo', SERVER_MESSAGES.csvYesNo);
    const returnableCell = cell('admite_devolucion').toLowerCase();
    const returnable = index.has('admite_devolucion') ? YES.has(returnableCell) : null;
    if (index.has('admite_devolucion') && !YES.has(returnableCell) && !NO.has(returnableCell))
      fail('admite_devolucion', SERVER_MESSAGES.csvYesNo);

    const ivaCell = cell('iva').replace(/\s*%$/, '');
    const vatRate =
      ivaCell === '' ? null : vatRateOfPercent(/^\d{1,2}$/.test(ivaCell) ? Number(ivaCell) : -1);
    if (ivaCell !== '' && vatRate === null) fail('iva', SERVER_MESSAGES.csvVatRate);

    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      return;
    }
    rows.push({
      line,
      name,
      description,
      category,
      price: price ?? '0.00',
      discountedPrice,
      stock,
      active,
      returnable,
      ...(index.has('iva') ? { vatRate } : {}),
    });
  });
  return { rows, errors };
}

export interface CsvExportProduct {
  name: string;
  description: string;
  category: string;
  price: string;
  discountedPrice: string | null;
  stock: number;
  active: boolean;
  returnable: boolean;
  vatRate: VatRate | null;
}

/** The store's products as the import reads them back (UTF-8 with a BOM, so a spreadsheet shows the accents). */
export function catalogCsv(products: readonly CsvExportProduct[]): string {
  const body = stringify(
    products.map((product) => [
      safeCell(product.name),
      safeCell(product.description),
      safeCell(product.category),
      product.price,
      product.discountedPrice ?? '',
      String(product.stock),
      product.active ? 'sí' : 'no',
      product.returnable ? 'sí' : 'no',
      product.vatRate === null ? '' : String(VAT_RATE_PERCENT[product.vatRate]),
    ]),
    { header: true, columns: [...CSV_COLUMNS] },
  );
  return `\uFEFF${body}`;
}

/** A file to start from: the header and one example row. */
export function catalogCsvTemplate(): string {
  return catalogCsv([
    {
      name: 'Yerba Mate 1 kg',
      description: 'Paquete de 1 kg.',
      category: 'Almacén',
      price: '245.50',
      discountedPrice: null,
      stock: 20,
      active: true,
      returnable: true,
      vatRate: 'basic',
    },
  ]);
}
