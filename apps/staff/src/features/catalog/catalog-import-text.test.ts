import { describe, expect, it } from 'vitest';
import {
  canImport,
  countText,
  importDoneText,
  importErrorLine,
  importPreviewText,
  importProblemsText,
} from './catalog-import-text.ts';

const error = (line: number) => ({ line, column: 'precio', message: 'Ingresa un precio' });

describe('catalog import wording', () => {
  it('puts each count in the right number, with thousands dots', () => {
    expect(countText(1, 'fila', 'filas')).toBe('1 fila');
    expect(countText(0, 'fila', 'filas')).toBe('0 filas');
    expect(countText(10_000, 'fila', 'filas')).toBe('10.000 filas');
  });

  it('sums up a clean dry run and a finished import', () => {
    const counts = { rows: 4, created: 2, updated: 1, unchanged: 1, new_categories: 1 };
    expect(importPreviewText(counts)).toBe('4 filas: 2 nuevos, 1 cambia, 1 sin cambios, 1 categoría nueva');
    expect(importDoneText(counts)).toBe('2 nuevos, 1 actualizado, 1 sin cambios, 1 categoría nueva');
    expect(importPreviewText({ rows: 1, created: 1, updated: 2, unchanged: 0, new_categories: 0 })).toBe(
      '1 fila: 1 nuevo, 2 cambian, 0 sin cambios, 0 categorías nuevas',
    );
  });

  it('counts the rows with errors once each, whatever their number of errors', () => {
    expect(importProblemsText({ rows: 3, errors: [error(3), error(3)] })).toBe('1 de 3 filas tiene errores');
    expect(importProblemsText({ rows: 3, errors: [error(2), error(3)] })).toBe('2 de 3 filas tienen errores');
    // A header without its columns: no row was read (the API counts the header's line as the one row).
    expect(importProblemsText({ rows: 1, errors: [error(1)] })).toBe('El archivo tiene errores');
  });

  it('names the line as the spreadsheet does, the header apart', () => {
    expect(importErrorLine({ line: 3 })).toBe('Fila 3');
    expect(importErrorLine({ line: 1 })).toBe('Fila 1 (encabezado)');
    expect(importErrorLine({ line: 12_345 })).toBe('Fila 12.345');
  });

  it('offers the import only for a file with products and no error', () => {
    expect(canImport({ rows: 2, errors: [] })).toBe(true);
    expect(canImport({ rows: 2, errors: [error(2)] })).toBe(false);
    expect(canImport({ rows: 0, errors: [] })).toBe(false);
  });
});
