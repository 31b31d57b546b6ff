import { describe, expect, it } from 'vitest';
import { imageSources } from './image-srcset.ts';

describe('imageSources (issue 30: AVIF and WebP at the card and detail widths)', () => {
  it('lists every width of both formats for an uploaded photo or logo', () => {
    const id = '0b5e7c52-3f1a-4f0e-9a53-1f2d3c4b5a69';
    const sources = imageSources(`/media/photos/7/${id}.webp`);
    expect(sources?.avif).toBe(
      [160, 320, 480, 640, 960].map((w) => `/media/photos/7/${id}-w${w}.avif ${w}w`).join(', '),
    );
    expect(sources?.webp).toContain(`/media/photos/7/${id}-w960.webp 960w`);
    expect(imageSources(`/media/logos/3/${id}.webp`)?.avif).toContain(`/media/logos/3/${id}-w160.avif 160w`);
  });

  it('leaves other pictures alone: the demo SVG drawings, outside addresses', () => {
    expect(imageSources('/media/demo/products/12.svg')).toBeNull();
    expect(imageSources('https://example.com/a.webp')).toBeNull();
  });
});
