import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { HttpError } from './http-errors.ts';

/**
 * The keyset cursor of a newest-first list on (timestamp, id) (issue 19: the support inbox, the audit trail).
 * The timestamp travels as PostgreSQL's own text with microseconds: a JavaScript Date keeps milliseconds
 * only, and a rounded instant would skip or repeat rows written within the same millisecond.
 */
export interface KeysetPosition {
  at: string;
  id: number;
}

/** The column as exact UTC text, to select next to the row and hand back in its cursor. */
export function exactInstant(column: PgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function encodeKeyset(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');
}

/** A cursor we made, or a 400 with `detail` (a cursor is only ever one of ours, so anything else is bad input). */
export function decodeKeyset(cursor: string, detail: string): KeysetPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value[0]) &&
      Number.isSafeInteger(value[1])
    ) {
      return { at: value[0], id: Number(value[1]) };
    }
  } catch {
    // Falls through to the 400.
  }
  throw new HttpError(400, { detail });
}

/** Rows older than the position, newest first: `(at, id) < (position)`. */
export function olderThan(atColumn: PgColumn, idColumn: PgColumn, position: KeysetPosition): SQL {
  return sql`(${atColumn}, ${idColumn}) < (${position.at}::timestamptz, ${position.id})`;
}
