import { hasPermission, type OperatorGroup, type Permission, type Role } from '@mandado/shared/permissions';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-errors.ts';

/**
 * Who is acting (decision 012), resolved once per request with the session. Services receive it instead of
 * the request, and never take a user or store id for "who" from the input.
 */
export interface Actor {
  userId: number;
  /** Always `remitter`; `merchant` when a member of a store; `operator` when granted. */
  roles: Role[];
  /** The stores the user is a member of, ascending; empty unless a merchant. */
  storeIds: number[];
  /** Those of `storeIds` the user owns (issue 18: only owners manage a store); ascending. */
  ownedStoreIds: number[];
  /** An operator's permission group (issue 19); null for everyone else. */
  operatorGroup: OperatorGroup | null;
  /**
   * The account has a second factor on (decision 053); a session of it exists only once the factor was
   * given, so this also says the session passed it.
   */
  secondFactor?: boolean;
}

/** The roles that follow from what the session lookup found. */
export function actorFrom(row: {
  userId: number;
  operatorGroup: OperatorGroup | null;
  storeIds: number[];
  ownedStoreIds: number[];
  secondFactor?: boolean;
}): Actor {
  const roles: Role[] = ['remitter'];
  if (row.storeIds.length > 0) roles.push('merchant');
  if (row.operatorGroup) roles.push('operator');
  return {
    userId: row.userId,
    roles,
    storeIds: row.storeIds,
    ownedStoreIds: row.ownedStoreIds,
    operatorGroup: row.operatorGroup,
    secondFactor: row.secondFactor === true,
  };
}

/** The logged-in actor, or 401 for a visitor. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new HttpError(401, { detail: SERVER_MESSAGES.notAuthenticated });
  return request.actor;
}

/**
 * The one permission check: 401 for a visitor, 403 when the actor's roles do not grant `permission`, or when
 * it is store-scoped and `storeId` is not one of a merchant's stores.
 */
export function requirePermission(actor: Actor | null, permission: Permission, storeId?: number): Actor {
  if (!actor) throw new HttpError(401, { detail: SERVER_MESSAGES.notAuthenticated });
  if (!hasPermission(actor, permission, storeId))
    throw new HttpError(403, { detail: SERVER_MESSAGES.forbidden });
  return actor;
}

/**
 * The actor as the merchant area (/v1/merchant/*) sees them: a store member and nothing more. Operators
 * reach every store through /v1/admin/*, where history records them as operators; here an operator who
 * also works for store 1 is only store 1's merchant (issue 16), so every scoped check in the area is a
 * membership check.
 */
export function asStoreMember(actor: Actor): Actor {
  return { ...actor, roles: actor.roles.filter((role) => role !== 'operator'), operatorGroup: null };
}

/** 401 for a visitor, 403 unless the actor is a member of `storeId`, whatever other roles they hold. */
export function requireStoreMember(actor: Actor | null, storeId: number): Actor {
  if (!actor) throw new HttpError(401, { detail: SERVER_MESSAGES.notAuthenticated });
  if (!actor.storeIds.includes(storeId)) throw new HttpError(403, { detail: SERVER_MESSAGES.forbidden });
  return actor;
}

/**
 * 401 for a visitor, the plain 403 for someone who is not a member of `storeId`, and a 403 that says why for
 * a staff member of it: only owners manage a store (issue 18: catalog, availability, team, statements).
 */
export function requireStoreOwner(
  actor: Actor | null,
  storeId: number,
  detail: string = SERVER_MESSAGES.ownersOnly,
): Actor {
  const member = requirePermission(actor, 'store:read', storeId);
  if (!hasPermission(member, 'store:manage', storeId)) throw new HttpError(403, { detail });
  return member;
}
