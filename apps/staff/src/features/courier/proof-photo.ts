/**
 * The delivery photo leaves the phone already small (issue 17): the server keeps at most 1600 px anyway, and a
 * courier on mobile data should not wait for 5 MB to climb. A browser that cannot redraw the picture sends the
 * file as it is; the server checks and re-encodes it either way.
 */

/** The longest side the server keeps; shrinking further would throw away what the remitter should see. */
export const PROOF_PHOTO_MAX_SIDE = 1600;

/** The size that fits within `max` on its longest side, keeping the proportions (never enlarges). */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max || longest === 0) return { width, height };
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A JPEG at most 1600 px on its longest side, or the original file when the browser cannot redraw it. */
export async function shrinkProofPhoto(file: File): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    // 'from-image' turns the picture as the camera's EXIF says, before the server strips EXIF away.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height, PROOF_PHOTO_MAX_SIDE);
    if (size.width === bitmap.width && size.height === bitmap.height && file.size < 1_500_000) return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob ?? file;
  } finally {
    bitmap.close();
  }
}
