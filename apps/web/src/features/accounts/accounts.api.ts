import type {
  CsrfToken,
  LoginInput,
  LoginResponse,
  PasswordChange,
  PasswordResetConfirm,
  Registration,
  RemitterUpdate,
  User,
} from '@mandado/shared/account.schemas';
import type { Card } from '@mandado/shared/card.schemas';
import type { AccountDeletion } from '@mandado/shared/personal-data.schemas';
import { apiDelete, apiGet, apiPost, apiPut, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

// Types only from the shared schemas: this module is reached from the shell (the account menu's logout), and
// the schemas' values bring zod and libphonenumber, which belong to the lazily loaded forms.

interface Detail {
  detail: string;
}

export function fetchCsrfToken(): Promise<CsrfToken> {
  return apiGet<CsrfToken>('/csrf-token/');
}

export function emailExists(email: string): Promise<{ exists: boolean }> {
  return apiGet<{ exists: boolean }>(`/users/exists/${segment(email)}`);
}

export function login(credentials: LoginInput): Promise<LoginResponse> {
  return apiPost<LoginResponse>('/login/', credentials);
}

export function logout(): Promise<Detail> {
  return apiPost<Detail>('/logout/', {});
}

/** Creates the account and logs it in (the answer sets the session cookie). */
export function register(registration: Registration): Promise<LoginResponse> {
  return apiPost<LoginResponse>('/users/create/', registration);
}

export function updateRemitter(update: RemitterUpdate): Promise<User> {
  return apiPut<User>('/users/update/remitter/', update);
}

export function requestPasswordReset(email: string): Promise<Detail> {
  return apiPost<Detail>('/password-reset/', { email });
}

export function confirmPasswordReset(confirm: PasswordResetConfirm): Promise<Detail> {
  return apiPost<Detail>('/password-reset/confirm/', confirm);
}

/** `POST /v1/users/change-password/` (issue 16): the other sessions end, this one stays. */
export function changePassword(change: PasswordChange): Promise<Detail> {
  return apiPost<Detail>('/users/change-password/', change);
}

/** Issue 32: 200 with what was done; 400 for a wrong password, 409 while an order is in course. */
export function deleteAccount(input: AccountDeletion): Promise<Detail> {
  return apiPost<Detail>('/users/delete-account/', input);
}

/** Spec §7 `GET /v1/cards/`, under the checkout's key: a card deleted here is gone there too. */
export function savedCardsQueryOptions() {
  return queryOptions({
    queryKey: ['cards'],
    queryFn: async ({ signal }) => (await apiGet<{ results: Card[] }>('/cards/', signal)).results,
  });
}

/** Spec §7 `DELETE /v1/tokens/delete/:id`: forgets a saved card (and tells the processor). */
export function deleteSavedCard(id: string): Promise<Detail> {
  return apiDelete<Detail>(`/tokens/delete/${segment(id)}`);
}
