import type { Statement, statementListSchema } from '@mandado/shared/statement.schemas';
import { apiGet, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';

/** A store's weekly statements (issue 18): /v1/merchant/stores/:id/statements/ (owners only). */

/** The weeks, and where they are paid ('BROU •••• 1234', null until the owner sets an account). */
export type StatementList = z.infer<typeof statementListSchema>;

function statementsPath(storeId: number): string {
  return `/merchant/stores/${segment(storeId)}/statements/`;
}

export function statementListQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: ['statements', storeId] as const,
    queryFn: ({ signal }) => apiGet<StatementList>(statementsPath(storeId), signal),
    // A week changes as its orders are delivered and when the operators pay it: a visit shows it as it is.
    staleTime: 30_000,
  });
}

/** One week with its orders, asked for when the owner opens it. */
export function statementQueryOptions(storeId: number, weekStart: string) {
  return queryOptions({
    queryKey: ['statements', storeId, weekStart] as const,
    queryFn: ({ signal }) => apiGet<Statement>(`${statementsPath(storeId)}${segment(weekStart)}/`, signal),
    staleTime: 30_000,
  });
}

/**
 * The week's CSV, for a plain link: the browser downloads it with the session cookie (a GET needs no CSRF
 * token), under the file name the server gives it.
 */
export function statementCsvUrl(storeId: number, weekStart: string): string {
  return `/v1${statementsPath(storeId)}${segment(weekStart)}/csv/`;
}
