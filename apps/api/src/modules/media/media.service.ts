import type { Database } from '../../db/database.ts';
import { findMediaFile } from './media.repository.ts';

/** A stored image (product picture, store logo) by its key, or undefined; the route answers 404 then. */
export function getMediaFile(db: Database, key: string) {
  return findMediaFile(db, key);
}
