import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/accounts/use-logout.ts';
import { type LogoutOrigin, useAppStore } from '../../state/app-store.ts';
import { homePath } from './next-path.ts';

interface LogoutConfirmDialogProps {
  origin: LogoutOrigin;
  onClose: () => void;
}

/**
 * Spec §4 Logout: '¿Estás seguro de que deseas cerrar sesión?' (the spec's text with its accent and marks), then
 * /stores or / (the mobile menu: /products). The choices are 'Cancelar' and 'Cerrar sesión' only: no 'Cerrar'
 * cross beside them (issue 31).
 */
export function LogoutConfirmDialog({ origin, onClose }: LogoutConfirmDialogProps) {
  const navigate = useNavigate();
  const logout = useLogout();

  function confirm() {
    logout.mutate(() => {
      onClose();
      const hasCity = useAppStore.getState().city !== null;
      navigate(origin === 'mobile-menu' ? '/products' : homePath(hasCity));
    });
  }

  return (
    <Dialog title="Cerrar sesión" onClose={onClose} closeButton={false}>
      <p className="dialog__text">¿Estás seguro de que deseas cerrar sesión?</p>
      <DialogActions
        confirmLabel="Cerrar sesión"
        onCancel={onClose}
        onConfirm={confirm}
        busy={logout.isPending}
      />
    </Dialog>
  );
}
