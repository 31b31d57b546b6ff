import { describe, expect, it } from 'vitest';
import { csvSeparatorOf } from './csv-separator.ts';

describe('csvSeparatorOf', () => {
  it("reads the header's separator: semicolons, commas or tabs, past a BOM and whatever the rows hold", () => {
    expect(csvSeparatorOf('\uFEFFnombre;categoria;precio\r\nPan, grande;Panadería;245,50\r\n')).toBe(';');
    expect(csvSeparatorOf('date,description,amount\n2026-11-20;x;1\n')).toBe(',');
    expect(csvSeparatorOf('fecha\tconcepto\timporte\r1\t2\t3')).toBe('\t');
    expect(csvSeparatorOf('fecha;concepto, detalle;importe')).toBe(';');
    expect(csvSeparatorOf('nombre')).toBe(',');
  });
});
