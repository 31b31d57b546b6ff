import { randomUUID } from 'node:crypto';
import { RETURN_MESSAGES } from '@mandado/shared/return-status';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../../authorization.ts';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { prepareImage } from '../media/image-intake.ts';
import type { MediaStorage } from '../media/media-storage.ts';
import {
  type ReturnRow,
  requireRemitterGroup,
  requireTrackedGroup,
  returnForOperator,
  returnOfGroup,
  returnOfStore,
} from './returns.service.ts';

/**
 * A return's optional photo (decision 076): checked by content and re-encoded without its metadata
 * (prepareImage, like the courier's proof photo), stored under the order group, so a request names only a
 * photo uploaded for its own order. Private: served only to the requester's side, the store and operators.
 */

const PHOTO_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function photoKey(groupId: number, photoId: string): string {
  return `returns/${groupId}/${photoId}.webp`;
}

/** `POST …/returns/photos/`: stores the photo, answers its id for the request's `photoId`. */
export async function uploadReturnPhoto(
  media: MediaStorage,
  groupId: number,
  bytes: Buffer,
): Promise<{ photoId: string }> {
  const image = await prepareImage(bytes);
  const photoId = randomUUID();
  await media.put(photoKey(groupId, photoId), image.body, image.contentType);
  return { photoId };
}

/** The key of a photo uploaded for this group, or a 400: another order's photo, or none, is not found. */
export async function requireReturnPhoto(
  media: MediaStorage,
  groupId: number,
  photoId: string,
): Promise<string> {
  const id = photoId.toLowerCase();
  if (!PHOTO_ID.test(id)) throw new HttpError(400, { photoId: [RETURN_MESSAGES.photoNotFound] });
  const key = photoKey(groupId, id);
  if ((await media.get(key)) === null) throw new HttpError(400, { photoId: [RETURN_MESSAGES.photoNotFound] });
  return key;
}

/** The photo of a return its reader may see (the caller checked who reads), or a 404. */
export async function readReturnPhoto(
  media: MediaStorage,
  photoKey: string | null,
): Promise<{ body: Buffer; contentType: string }> {
  const photo = photoKey ? await media.get(photoKey) : null;
  if (!photo) throw notFound();
  return photo;
}

/** The photo as its reader gets it: private, never cached, never sniffed into something else. */
export function sendReturnPhoto(
  reply: FastifyReply,
  photo: { body: Buffer; contentType: string },
): FastifyReply {
  return reply
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .type(photo.contentType)
    .send(photo.body);
}

/** The remitter's upload for their own order. */
export async function uploadRemitterPhoto(
  db: DatabaseOrTransaction,
  media: MediaStorage,
  actor: Actor | null,
  number: string,
  bytes: Buffer,
): Promise<{ photoId: string }> {
  const group = await requireRemitterGroup(db, actor, number);
  return uploadReturnPhoto(media, group.id, bytes);
}

/** The family's upload from the tracking link. */
export async function uploadFamilyPhoto(
  db: DatabaseOrTransaction,
  media: MediaStorage,
  token: string,
  bytes: Buffer,
): Promise<{ photoId: string }> {
  const group = await requireTrackedGroup(db, token);
  return uploadReturnPhoto(media, group.id, bytes);
}

/** A return's photo for whoever may read it: the remitter, the family (token), the store, an operator. */
export async function photoForReader(
  db: DatabaseOrTransaction,
  media: MediaStorage,
  reader:
    | { kind: 'remitter'; actor: Actor | null; number: string }
    | { kind: 'family'; token: string }
    | { kind: 'store'; actor: Actor | null; storeId: number }
    | { kind: 'operator'; actor: Actor | null },
  returnId: number,
): Promise<{ body: Buffer; contentType: string }> {
  let row: ReturnRow;
  switch (reader.kind) {
    case 'remitter':
      row = await returnOfGroup(db, await requireRemitterGroup(db, reader.actor, reader.number), returnId);
      break;
    case 'family':
      row = await returnOfGroup(db, await requireTrackedGroup(db, reader.token), returnId);
      break;
    case 'store':
      row = await returnOfStore(db, reader.actor, reader.storeId, returnId);
      break;
    case 'operator':
      row = await returnForOperator(db, reader.actor, returnId);
      break;
  }
  return readReturnPhoto(media, row.photoKey);
}
