import { spreadsheetSafeCell } from '@mandado/shared/csv-cells';
import type { PersonalDataExport } from '@mandado/shared/personal-data.schemas';
import { stringify } from 'csv-stringify/sync';

/** The CSV's sections, in Spanish: the person reads them in a spreadsheet. */
const SECTIONS: Record<Exclude<keyof PersonalDataExport, 'generated_at' | 'messages'>, string> = {
  account: 'cuenta',
  consents: 'consentimientos',
  beneficiaries: 'beneficiarios',
  orders: 'pedidos',
  wallet: 'crédito',
};

/** Every leaf of a JSON value as [path, text]: 'stores[1].lines[2].name'. */
function leaves(value: unknown, path: string, out: Array<[string, string]>): void {
  if (Array.isArray(value)) {
    if (value.length === 0) out.push([path, '']);
    for (const [index, item] of value.entries()) leaves(item, `${path}[${index + 1}]`, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) leaves(item, path ? `${path}.${key}` : key, out);
  } else {
    out.push([path, value === null || value === undefined ? '' : String(value)]);
  }
}

function sectionRows(section: string, value: unknown): string[][] {
  const rows: string[][] = [];
  const records = Array.isArray(value) ? value : [value];
  for (const [index, record] of records.entries()) {
    const fields: Array<[string, string]> = [];
    leaves(record, '', fields);
    for (const [field, text] of fields) rows.push([section, String(index + 1), field, text]);
  }
  return rows;
}

/**
 * The same data as the JSON, one value per row (sección; registro; campo; valor), so any spreadsheet opens it
 * without knowing its shape. ';' and a BOM, as the other CSVs people open in Excel in Uruguay.
 */
export function personalDataCsv(data: PersonalDataExport): string {
  const rows: string[][] = [['sección', 'registro', 'campo', 'valor']];
  rows.push(['descarga', '1', 'generada', data.generated_at]);
  for (const [key, section] of Object.entries(SECTIONS)) {
    rows.push(...sectionRows(section, data[key as keyof typeof SECTIONS]));
  }
  rows.push(...sectionRows('correos', data.messages.emails));
  rows.push(...sectionRows('mensajes', data.messages.order_messages));
  return `\uFEFF${stringify(
    rows.map((row) => row.map(spreadsheetSafeCell)),
    { delimiter: ';' },
  )}`;
}
