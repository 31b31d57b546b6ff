import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { mediaFiles } from '../../db/schema/media.ts';

export async function findMediaFile(db: Database, key: string) {
  const [row] = await db
    .select({ contentType: mediaFiles.contentType, body: mediaFiles.body, createdAt: mediaFiles.createdAt })
    .from(mediaFiles)
    .where(eq(mediaFiles.key, key));
  return row;
}
