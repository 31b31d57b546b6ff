import type { RemitterUpdate } from '@mandado/shared/account.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAppStore } from '../../state/app-store.ts';
import { rememberUser } from './account-session.ts';
import { updateRemitter } from './accounts.api.ts';
import { notifyFailure } from './welcome.ts';

/** Spec §7 PUT /users/update/remitter/: the account page's 'Guardar'. */
export function useUpdateRemitter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: RemitterUpdate) => updateRemitter(update),
    onSuccess: (user) => {
      rememberUser(queryClient, user);
      useAppStore.getState().notify({
        kind: 'success',
        title: 'Datos guardados',
        message: 'Tus datos se actualizaron correctamente.',
      });
    },
    onError: notifyFailure,
  });
}
