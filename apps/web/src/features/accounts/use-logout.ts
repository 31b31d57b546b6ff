import { MESSAGES } from '@mandado/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '../../lib/analytics.ts';
import { useAppStore } from '../../state/app-store.ts';
import { forgetSession } from './account-session.ts';
import { logout } from './accounts.api.ts';

/**
 * Spec §4 Logout (after the confirmation): ends the server session, then forgets it here. `leave` runs in
 * between, so the screen navigates away before account pages see a visitor and send them to the login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (leave: () => void) => {
      await logout();
      leave();
      forgetSession(queryClient);
      track('logout');
    },
    onError: (error) =>
      useAppStore.getState().notify({ kind: 'error', title: MESSAGES.serverError, message: error.message }),
  });
}
