import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { HttpError } from './http-errors.ts';

/**
 * The keyset cursor of a newest-first list on (timestamp, id) (issue 19: the orders, the transfer queue, the support inbox, the audit trail).
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

/** The largest serial id: a bigger one in a cursor would reach PostgreSQL as an out-of-range integer. */
const MAX_ID = 2_147_483_647;

/**
 * A cursor we made, or a 400 (a cursor is only ever one of ours, so anything else is bad input): `problem` is
 * the answer's `detail`, or the whole body when the list reports it on a field (`{ cursor: [...] }`).
 */
export function decodeKeyset(cursor: string, problem: string | Record<string, string[]>): KeysetPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value[0]) &&
      Number.isSafeInteger(value[1]) &&
      value[1] >= 1 &&
      value[1] <= MAX_ID
    ) {
      return { at: value[0], id: Number(value[1]) };
    }
  } catch {
    // Falls through to the 400.
  }
  throw new HttpError(400, typeof problem === 'string' ? { detail: problem } : problem);
}

/** Rows older than the position, newest first: `(at, id) < (position)`. */
export function olderThan(atColumn: PgColumn, idColumn: PgColumn, position: KeysetPosition): SQL {
  return sql`(${atColumn}, ${idColumn}) < (${position.at}::timestamptz, ${position.id})`;
}
