import type { CatalogImportReport } from '@mandado/shared/merchant-catalog.schemas';
import { numberText } from '@mandado/shared/money-text';

type ImportCounts = Pick<
  CatalogImportReport,
  'rows' | 'created' | 'updated' | 'unchanged' | 'new_categories'
>;
type ImportError = CatalogImportReport['errors'][number];

/** "1 fila", "10.000 filas": a count with its noun in the right number, thousands with dots. */
export function countText(count: number, one: string, many: string): string {
  return `${numberText(count * 100, 0)} ${count === 1 ? one : many}`;
}

/** The dry run's answer for a clean file: "3 filas: 2 nuevos, 1 cambia, 0 sin cambios, 1 categoría nueva". */
export function importPreviewText(report: ImportCounts): string {
  return `${countText(report.rows, 'fila', 'filas')}: ${countText(report.created, 'nuevo', 'nuevos')}, ${countText(
    report.updated,
    'cambia',
    'cambian',
  )}, ${numberText(report.unchanged * 100, 0)} sin cambios, ${countText(
    report.new_categories,
    'categoría nueva',
    'categorías nuevas',
  )}`;
}

/** After the import: "2 nuevos, 1 actualizado, 0 sin cambios, 1 categoría nueva". */
export function importDoneText(report: ImportCounts): string {
  return `${countText(report.created, 'nuevo', 'nuevos')}, ${countText(
    report.updated,
    'actualizado',
    'actualizados',
  )}, ${numberText(report.unchanged * 100, 0)} sin cambios, ${countText(
    report.new_categories,
    'categoría nueva',
    'categorías nuevas',
  )}`;
}

/**
 * A file with errors imports nothing, so its counts are all zero: the page says how many of its rows need a
 * fix instead ("1 de 3 filas tiene errores"). A problem on line 1 (the header: a missing column) or one that
 * stopped the reading spoils the whole file.
 */
export function importProblemsText(report: Pick<CatalogImportReport, 'rows' | 'errors'>): string {
  const wrong = new Set(report.errors.map((error) => error.line)).size;
  if (report.errors.some((error) => error.line <= 1) || wrong > report.rows)
    return 'El archivo tiene errores';
  const verb = wrong === 1 ? 'tiene' : 'tienen';
  return `${numberText(wrong * 100, 0)} de ${countText(report.rows, 'fila', 'filas')} ${verb} errores`;
}

/**
 * Where an error is, as the spreadsheet numbers it (the header is line 1): "Fila 3", and the header's own
 * problems (a missing column) as "Fila 1 (encabezado)".
 */
export function importErrorLine(error: Pick<ImportError, 'line'>): string {
  return error.line === 1 ? 'Fila 1 (encabezado)' : `Fila ${numberText(error.line * 100, 0)}`;
}

/** Only a dry run without errors and with at least one product offers 'Importar' (the API is all or nothing). */
export function canImport(report: Pick<CatalogImportReport, 'rows' | 'errors'>): boolean {
  return report.errors.length === 0 && report.rows > 0;
}
