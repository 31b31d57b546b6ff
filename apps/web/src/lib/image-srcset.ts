/**
 * Issue 30 item 3: the widths the API makes of every uploaded photo and logo, as AVIF and WebP (apps/api
 * media/image-variants.ts: `<uuid>.webp` → `<uuid>-w320.avif`). Demo catalog pictures are SVG drawings,
 * sharp at any size, and have none.
 */
const VARIANT_WIDTHS = [160, 320, 480, 640, 960] as const;
const UPLOADED_IMAGE = /^\/media\/(?:photos|logos)\/\d+\/[0-9a-f-]{36}\.webp$/;

export interface ImageSources {
  avif: string;
  webp: string;
}

/** The `srcset` of each format for an uploaded image's URL, or null for any other picture. */
export function imageSources(url: string): ImageSources | null {
  if (!UPLOADED_IMAGE.test(url)) return null;
  const base = url.slice(0, -'.webp'.length);
  const srcset = (format: 'avif' | 'webp') =>
    VARIANT_WIDTHS.map((width) => `${base}-w${width}.${format} ${width}w`).join(', ');
  return { avif: srcset('avif'), webp: srcset('webp') };
}

/**
 * The slots the shop draws images in, for `sizes`: a card is half a phone, a third of a tablet or a quarter
 * of the desktop container (catalog.css .product-grid); the detail photo at most 420 px, and on a phone at
 * most a quarter of the screen's height (catalog.css .product-detail__media); a logo 72–80 px.
 */
export const IMAGE_SIZES = {
  card: '(min-width: 960px) 280px, (min-width: 640px) 33vw, 50vw',
  detail: '(min-width: 720px) 420px, min(100vw, 24vh)',
  logo: '80px',
} as const;
