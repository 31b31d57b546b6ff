import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import {
  clearSecondFactorPending,
  deleteDeadSessions,
  deleteSession,
  deleteUserSessions,
  findLiveSession,
  insertSession,
  type SessionRow,
  touchSession,
} from './sessions.repository.ts';

/**
 * Sessions for the rest of the API (decision 007): the session plugin starts, finds, refreshes and ends them;
 * accounts and password reset end a user's other sessions. The table's SQL stays in this module.
 */

export type { SessionRow };

export function openSession(
  db: Database,
  values: {
    tokenHash: string;
    userId: number;
    csrfToken: string;
    expiresAt: Date;
    secondFactorPending?: boolean;
  },
): Promise<void> {
  return insertSession(db, values);
}

/** The second factor owed by a session was given (decision 053). */
export function completeSecondFactor(db: DatabaseOrTransaction, tokenHash: string): Promise<void> {
  return clearSecondFactorPending(db, tokenHash);
}

/** The session of this token hash, unless it expired or has been idle since `idleSince`. */
export function findSession(db: Database, tokenHash: string, idleSince: Date): Promise<SessionRow | null> {
  return findLiveSession(db, tokenHash, idleSince);
}

export function markSessionSeen(db: Database, tokenHash: string): Promise<void> {
  return touchSession(db, tokenHash);
}

export function closeSession(db: Database, tokenHash: string): Promise<void> {
  return deleteSession(db, tokenHash);
}

/**
 * Ends every session of a user except, optionally, the one making the request (a password change); inside
 * the caller's transaction when given one (an operator's lock, issue 19).
 */
export function endUserSessions(
  db: DatabaseOrTransaction,
  userId: number,
  keepTokenHash?: string,
): Promise<void> {
  return deleteUserSessions(db, userId, keepTokenHash);
}

/** Removes expired sessions and those idle since `idleSince`. */
export function sweepDeadSessions(db: Database, idleSince: Date): Promise<void> {
  return deleteDeadSessions(db, idleSince);
}
