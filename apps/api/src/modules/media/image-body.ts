import { MESSAGES } from '@mandado/shared/messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from '../../http-errors.ts';
import { IMAGE_MAX_BYTES } from './image-intake.ts';

/** What a phone's camera input or `fetch(url, { body: file })` sends; the bytes are checked later, by content. */
export const IMAGE_BODY_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'];

/**
 * Lets the routes of the calling plugin take a raw image as the request body (`request.body` is a Buffer of at
 * most IMAGE_MAX_BYTES). Call it inside the routes plugin: content-type parsers are encapsulated, so everywhere
 * else an image body stays a 415 and the app's 64 KB JSON limit stands.
 *
 * The parser reads the stream itself rather than use Fastify's `parseAs: 'buffer'`, so a body over the limit is
 * refused as soon as the count passes it (or at once, from Content-Length) with the photo's own Spanish 413
 * instead of the generic one.
 */
export async function registerImageBodyParser(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(IMAGE_BODY_TYPES, (request, payload, done) => {
    const tooLarge = () => new HttpError(413, { detail: SERVER_MESSAGES.imageTooLarge });
    const declared = Number(request.headers['content-length']);
    if (declared > IMAGE_MAX_BYTES) {
      done(tooLarge(), undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (error: HttpError | null, body?: Buffer) => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      // Still flowing with no listener: whatever else the client sends is read and dropped.
      done(error, body);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > IMAGE_MAX_BYTES) {
        finish(tooLarge());
        return;
      }
      chunks.push(bytes);
    };
    const onEnd = () => {
      if (!Number.isNaN(declared) && received !== declared) {
        finish(new HttpError(400, { detail: MESSAGES.invalidValue }));
        return;
      }
      finish(null, Buffer.concat(chunks, received));
    };
    // An aborted upload: nobody is left to read the answer, but the route must not run on half a photo.
    const onError = () => finish(new HttpError(400, { detail: MESSAGES.invalidValue }));
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}

/**
 * Sends an image a store uploaded (a product photo, a logo): its key is a fresh id per upload, so it never
 * changes and caches for a year; it is served as the image it is, never as a page (no scripts, no sniffing).
 */
export function sendUploadedImage(reply: FastifyReply, file: { body: Buffer; contentType: string }) {
  return reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('content-security-policy', "default-src 'none'")
    .header('x-content-type-options', 'nosniff')
    .type(file.contentType)
    .send(file.body);
}
