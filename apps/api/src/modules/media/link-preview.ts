import type { Database } from '../../db/database.ts';
import { findMediaFile } from './media.repository.ts';
import type { MediaStorage } from './media-storage.ts';

/**
 * Issue 30 items 3 and 4 (decision 080): the demo catalog's pictures are SVG drawings, smaller than any raster
 * of them in the cards and the detail, but WhatsApp and Facebook do not show an SVG `og:image`, so a shared
 * demo product previewed with no photo. Its preview is a PNG of the drawing, made with sharp at the first
 * request (a crawler's, when a link is first shared) and kept in the media storage like the upload variants,
 * so it is made once; nothing is made at seed time and the first start stays as fast.
 */
const SERVED_DRAWING = /^\/media\/((?:products|stores)\/[a-z0-9][a-z0-9/_-]*)\.svg$/;
const PREVIEW_KEY = /^(?:products|stores)\/[a-z0-9][a-z0-9/_-]*$/;
/** Facebook asks for at least 600 px for a large preview; WhatsApp shows a square drawing as it is. */
export const LINK_PREVIEW_WIDTH = 600;

/** The picture a page's `og:image` names: a demo drawing's PNG preview, any other picture as it is. */
export function linkPreviewImage(image: string | null | undefined): string | null {
  if (!image) return null;
  const drawing = SERVED_DRAWING.exec(image);
  return drawing ? `/media/previews/${drawing[1]}.png` : image;
}

/**
 * The PNG preview of the stored drawing `<key>.svg`: from the media storage, or made now and stored. Null
 * when there is no such drawing (the route answers 404).
 */
export async function readLinkPreview(
  db: Database,
  media: MediaStorage,
  key: string,
): Promise<{ body: Buffer; contentType: string } | null> {
  if (!PREVIEW_KEY.test(key)) return null;
  const previewKey = `previews/${key}.png`;
  const stored = await media.get(previewKey);
  if (stored) return stored;
  const drawing = await findMediaFile(db, `${key}.svg`);
  if (drawing?.contentType !== 'image/svg+xml') return null;
  const { default: sharp } = await import('sharp');
  // The drawing's viewBox is 400 (a logo's 200): rendered at the density that makes it 600 px wide, not
  // scaled up from a small bitmap. A palette PNG keeps flat colours exact and the file a few KB.
  const width = Number(/\bwidth="(\d+)"/.exec(drawing.body)?.[1] ?? 400);
  const body = await sharp(Buffer.from(drawing.body), {
    density: (72 * LINK_PREVIEW_WIDTH) / width,
    failOn: 'error',
  })
    .resize({ width: LINK_PREVIEW_WIDTH })
    .png({ palette: true, compressionLevel: 9 })
    .toBuffer();
  await media.put(previewKey, body, 'image/png');
  return { body, contentType: 'image/png' };
}
