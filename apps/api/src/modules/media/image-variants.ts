import type { MediaStorage } from './media-storage.ts';

/**
 * Issue 30 item 3: the widths the shop draws an uploaded photo or logo at, in device pixels. A card is half a
 * 360 px phone (180 CSS px: 160–540 at DPR 1–3) or a quarter of the desktop container (about 280 CSS px,
 * 560 at DPR 2); the detail photo is the phone's width (up to about 1000 at DPR 3) or half the desktop
 * dialog. Listed in `srcset` with `sizes`, the browser takes the smallest that covers its slot.
 */
export const IMAGE_VARIANT_WIDTHS = [160, 320, 480, 640, 960] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];
export const IMAGE_VARIANT_FORMATS = ['avif', 'webp'] as const;
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

export interface ImageVariant {
  width: ImageVariantWidth;
  format: ImageVariantFormat;
}

const CONTENT_TYPE: Record<ImageVariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/** A variant's name beside its original: `<uuid>.webp` → `<uuid>-w320.avif` (the web app builds the same). */
export function variantKey(originalKey: string, variant: ImageVariant): string {
  return originalKey.replace(/\.webp$/, `-w${variant.width}.${variant.format}`);
}

/** Every variant an original has, for the sweep that deletes them with it. */
export function allVariantKeys(originalKey: string): string[] {
  return IMAGE_VARIANT_WIDTHS.flatMap((width) =>
    IMAGE_VARIANT_FORMATS.map((format) => variantKey(originalKey, { width, format })),
  );
}

/** `-w320.avif` in a file name as its width and format, or null when it is not one of ours. */
export function parseVariantSuffix(suffix: string): ImageVariant | null {
  const match = /^-w(\d+)\.(avif|webp)$/.exec(suffix);
  if (!match) return null;
  const width = IMAGE_VARIANT_WIDTHS.find((candidate) => String(candidate) === match[1]);
  const format = IMAGE_VARIANT_FORMATS.find((candidate) => candidate === match[2]);
  return width && format ? { width, format } : null;
}

/**
 * One variant of an already checked and re-encoded original (prepareImage): never wider than the original,
 * so a small photo's large variants are its own size. AVIF at effort 2: most of its saving at a fraction of
 * the default effort's time, which an upload waits for.
 */
export async function renderVariant(
  original: Buffer,
  variant: ImageVariant,
): Promise<{ body: Buffer; contentType: string }> {
  const { default: sharp } = await import('sharp');
  const resized = sharp(original, { failOn: 'error' }).resize({
    width: variant.width,
    withoutEnlargement: true,
  });
  const body =
    variant.format === 'avif'
      ? await resized.avif({ quality: 55, effort: 2 }).toBuffer()
      : await resized.webp({ quality: 78 }).toBuffer();
  return { body, contentType: CONTENT_TYPE[variant.format] };
}

export interface RenderedVariant extends ImageVariant {
  body: Buffer;
  contentType: string;
}

/**
 * Every variant of an original, made at upload (issue 30: once, not per request). The caller stores them with
 * `putImageVariants`, after its own slow work and outside any transaction it holds open.
 */
export async function renderImageVariants(original: Buffer): Promise<RenderedVariant[]> {
  const rendered: RenderedVariant[] = [];
  for (const width of IMAGE_VARIANT_WIDTHS) {
    for (const format of IMAGE_VARIANT_FORMATS) {
      rendered.push({ width, format, ...(await renderVariant(original, { width, format })) });
    }
  }
  return rendered;
}

export async function putImageVariants(
  media: MediaStorage,
  originalKey: string,
  variants: readonly RenderedVariant[],
): Promise<void> {
  for (const variant of variants) {
    await media.put(variantKey(originalKey, variant), variant.body, variant.contentType);
  }
}

/**
 * A variant as stored, or made from its original now and stored for every later request: photos and logos
 * uploaded before variants existed get theirs at their first request, once, without a backfill pass over the
 * bucket. Null when the original itself is missing (the route answers 404).
 */
export async function readImageVariant(
  media: MediaStorage,
  originalKey: string,
  variant: ImageVariant,
): Promise<{ body: Buffer; contentType: string } | null> {
  const key = variantKey(originalKey, variant);
  const stored = await media.get(key);
  if (stored) return stored;
  const original = await media.get(originalKey);
  if (!original) return null;
  const image = await renderVariant(original.body, variant);
  await media.put(key, image.body, image.contentType);
  return image;
}
