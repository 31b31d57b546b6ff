/**
 * Every photo taken on a phone and sent to us goes through here: a store's product photo, the courier's proof
 * of delivery, the family's photo of a claim and of a return. A phone's photo is 3–8 MB; the server keeps it
 * at most 1600 px wide, re-encoded anyway (decision 041). Shrinking it on the phone first sends some 300 KB instead, which on mobile data is the
 * difference between a photo that goes up at once and one that times out. The server still checks what
 * arrives by its content and re-encodes it: nothing here is trusted.
 */

/** The longest side the server keeps (IMAGE_MAX_SIDE in the API's image intake). */
export const PHOTO_MAX_SIDE = 1600;
/** Quality of the phone's encoding: the server encodes once more, so this one stays a notch above its 0.8. */
export const PHOTO_QUALITY = 0.85;
/**
 * A photo within the size and at most this heavy goes as it is: encoding it again would cost quality for
 * little gain (a screenshot, a photo already made small).
 */
export const PHOTO_SEND_AS_IS_BYTES = 1024 * 1024;

/** The size that fits `maxSide` on the longest side, keeping the proportions; never larger than the photo. */
export function fitWithin(
  width: number,
  height: number,
  maxSide: number = PHOTO_MAX_SIDE,
): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export type PhotoPlan = { kind: 'as-is' } | { kind: 'shrink'; width: number; height: number };

/** What to do with a decoded photo of this size and weight. */
export function photoPlan(photo: { width: number; height: number; bytes: number }): PhotoPlan {
  const target = fitWithin(photo.width, photo.height);
  const smaller = target.width < photo.width || target.height < photo.height;
  if (!smaller && photo.bytes <= PHOTO_SEND_AS_IS_BYTES) return { kind: 'as-is' };
  return { kind: 'shrink', ...target };
}

/** The encoded photo if it came out lighter than the original, else the original. */
export function lighterOf(original: Blob, encoded: Blob | null): Blob {
  return encoded !== null && encoded.size > 0 && encoded.size < original.size ? encoded : original;
}

function canvasBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, PHOTO_QUALITY));
}

async function encode(
  bitmap: ImageBitmap,
  width: number,
  height: number,
  type: 'image/webp' | 'image/jpeg',
): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  // JPEG has no transparency: a cut-out product on a transparent PNG gets a white ground, not a black one.
  if (type === 'image/jpeg') {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
  }
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  const blob = await canvasBlob(canvas, type);
  // Cleared at once: a 12 MP canvas holds some 48 MB until it is collected, which a cheap phone feels.
  canvas.width = 0;
  canvas.height = 0;
  // A browser that cannot write the type answers a PNG instead, far heavier: not what was asked for.
  return blob && blob.type === type ? blob : null;
}

/**
 * The photo made at most 1600 px on its longest side, upright (the EXIF orientation applied) and without
 * its metadata (the canvas drops the GPS position too), as WebP where the browser writes it and JPEG
 * elsewhere. Any failure (a format the browser cannot decode, no canvas, too little memory) sends the
 * original, for the server to take or refuse in Spanish as before.
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const plan = photoPlan({ width: bitmap.width, height: bitmap.height, bytes: file.size });
    if (plan.kind === 'as-is') return file;
    const encoded =
      (await encode(bitmap, plan.width, plan.height, 'image/webp')) ??
      (await encode(bitmap, plan.width, plan.height, 'image/jpeg'));
    return lighterOf(file, encoded);
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}
