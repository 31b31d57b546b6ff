import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { HttpError } from '../../http-errors.ts';

/** The largest upload we take: a phone photo is 2–6 MB, and we keep far less after re-encoding. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Longest side we keep: enough to read a face, a door number or a parcel label on any screen. */
export const IMAGE_MAX_SIDE = 1600;
/**
 * Pixels we agree to decode (a 100 MP photo is far beyond any 8 MB phone picture). It stops a small file that
 * claims huge dimensions, a decompression bomb, before libvips allocates for it.
 */
const IMAGE_MAX_PIXELS = 100_000_000;

type ImageFormat = 'jpeg' | 'png' | 'webp';

/** The format by its first bytes; a file name or a declared type says nothing about what the bytes are. */
function sniffFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Turns an uploaded photo into what we store (decision 041): checked by content (JPEG, PNG or WebP, at most
 * 8 MB), turned upright by its EXIF orientation, stripped of every metadata block (EXIF with the GPS position
 * and the phone's serial, XMP, ICC), shrunk to at most 1600 px on the long side and re-encoded as WebP, which
 * keeps a proof photo around 100–300 KB for a cheap phone on mobile data.
 */
export async function prepareImage(
  bytes: Buffer,
): Promise<{ body: Buffer; contentType: 'image/webp'; width: number; height: number }> {
  if (bytes.length > IMAGE_MAX_BYTES) throw new HttpError(413, { detail: SERVER_MESSAGES.imageTooLarge });
  const format = sniffFormat(bytes);
  if (format === null) throw new HttpError(400, { detail: SERVER_MESSAGES.imageNotSupported });

  // Loaded at the first photo: the native library costs some 0.4 s at start, and most processes take none.
  const { default: sharp } = await import('sharp');
  // 'error' rather than the stricter 'warning': phone cameras write JPEGs with harmless warnings (extra bytes
  // after a marker) that would refuse a good photo; truncated or corrupt data still fails.
  const image = sharp(bytes, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS, animated: false });
  let metadataFormat: string | undefined;
  try {
    metadataFormat = (await image.metadata()).format;
  } catch (error) {
    throw refusal(error);
  }
  // The decoder's own reading must agree with the magic bytes: a PNG header on a JPEG body is not trusted.
  if (metadataFormat !== format) throw new HttpError(400, { detail: SERVER_MESSAGES.imageNotSupported });

  try {
    // Without withMetadata()/keepMetadata(), sharp writes no EXIF, XMP or ICC block and converts to sRGB.
    const { data, info } = await image
      .autoOrient()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { body: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch (error) {
    throw refusal(error);
  }
}

/** A decoding failure is the sender's file, a 4xx; the pixel limit gets its own words. */
function refusal(error: unknown): HttpError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new HttpError(400, { detail: SERVER_MESSAGES.imageTooManyPixels });
  }
  return new HttpError(400, { detail: SERVER_MESSAGES.imageNotSupported });
}
