import { randomUUID } from 'node:crypto';
import { prepareImage } from './image-intake.ts';
import type { MediaStorage } from './media-storage.ts';

/**
 * A private photo someone outside the staff sends about an order: the family's 'Falta algo' (issue 29), a
 * return's photo (issue 32). Checked by content and re-encoded without metadata like the courier's proof
 * (prepareImage: JPEG, PNG or WebP up to 8 MB, EXIF with the GPS position stripped, at most 1600 px, WebP),
 * stored under `folder` (e.g. `claims/<storeOrderId>`), so a photo id is only ever found under the order it
 * was sent for. The storage has no public URL: whoever serves it decides who may read it.
 */
export async function storePrivatePhoto(
  media: MediaStorage,
  folder: string,
  bytes: Buffer,
): Promise<{ photoId: string; key: string }> {
  const image = await prepareImage(bytes);
  const photoId = randomUUID();
  const key = privatePhotoKey(folder, photoId);
  await media.put(key, image.body, image.contentType);
  return { photoId, key };
}

/** The key of a photo `storePrivatePhoto` answered for `folder` (ids are lower-case in keys). */
export function privatePhotoKey(folder: string, photoId: string): string {
  return `${folder}/${photoId.toLowerCase()}.webp`;
}

/** The key of a photo stored for this folder, or null when there is none (a forged or another order's id). */
export async function findPrivatePhoto(
  media: MediaStorage,
  folder: string,
  photoId: string,
): Promise<string | null> {
  const key = privatePhotoKey(folder, photoId);
  return (await media.get(key)) === null ? null : key;
}
