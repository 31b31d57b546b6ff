import { describe, expect, it } from 'vitest';
import type { ImageMotif } from '../../db/seed/catalog-seed.types.ts';
import { IMAGE_MOTIFS, renderProductImage, renderStoreLogo } from './product-image.ts';

function backgroundOf(svg: string): string | undefined {
  return svg.match(/<rect width="400" height="400" fill="(#[0-9a-f]{6})"\/>/)?.[1];
}

describe('renderProductImage', () => {
  it('is deterministic', () => {
    const input = { name: 'Leche Entera Conaprole 1 L', motif: 'carton' as const, seed: '42' };
    expect(renderProductImage(input)).toBe(renderProductImage({ ...input }));
  });

  it('escapes the product name in the title', () => {
    const svg = renderProductImage({ name: 'Té & "Café" <x>', motif: 'box', seed: 'a' });
    expect(svg).toContain('<title>Té &amp; &quot;Café&quot; &lt;x&gt;</title>');
    expect(svg).not.toContain('<x>');
  });

  it('renders every motif as a complete SVG with all placeholders filled', () => {
    for (const motif of Object.keys(IMAGE_MOTIFS) as ImageMotif[]) {
      const svg = renderProductImage({ name: motif, motif, seed: motif });
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).not.toMatch(/\{(fg|accent|bg)\}/);
      expect(svg).not.toContain('<text');
      expect(IMAGE_MOTIFS[motif].length).toBeLessThan(600);
    }
  });

  it('derives different background colours from different seeds', () => {
    const colours = new Set(
      ['1', '2', '3', '4', '5'].map((seed) =>
        backgroundOf(renderProductImage({ name: 'Manzana Roja 1 kg', motif: 'apple', seed })),
      ),
    );
    expect(colours.has(undefined)).toBe(false);
    expect(colours.size).toBe(5);
  });
});

describe('renderStoreLogo', () => {
  it('shows the initials of the first two words with three or more letters', () => {
    const svg = renderStoreLogo({ name: 'El Trompo Mágico', kind: 'toy_store', seed: '7' });
    expect(svg).toContain('>TM</text>');
    expect(svg).toContain('<title>El Trompo Mágico</title>');
    expect(renderStoreLogo({ name: 'Óptica Mirador', kind: 'optical_shop', seed: '8' })).toContain(
      '>ÓM</text>',
    );
  });

  it('is deterministic and escapes the name', () => {
    const input = { name: 'Ana & Cía', kind: 'store' as const, seed: 'x' };
    const svg = renderStoreLogo(input);
    expect(svg).toBe(renderStoreLogo({ ...input }));
    expect(svg).toContain('<title>Ana &amp; Cía</title>');
    expect(svg.endsWith('</svg>')).toBe(true);
  });
});
