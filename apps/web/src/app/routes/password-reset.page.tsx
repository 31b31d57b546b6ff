import { useLocation, useSearchParams } from 'react-router';
import {
  PasswordResetConfirmForm,
  PasswordResetRequestForm,
} from '../../features/accounts/password-reset-forms.tsx';
import { AuthPageFrame } from '../account/auth-page.tsx';

/**
 * The e-mail typed in the login panel, which its 'forgot password' link carries in the navigation state (not
 * in the URL). Anything else there is ignored.
 */
function emailFromState(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('email' in state)) return '';
  const { email } = state;
  return typeof email === 'string' && email.length <= 254 ? email : '';
}

/** Spec §2 /password-reset: asks for the link without a token; with `?token=` (the e-mailed link) sets the password. */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const initialEmail = emailFromState(useLocation().state);
  const token = params.get('token')?.trim() ?? '';
  if (token) {
    return (
      <AuthPageFrame title="Crea una contraseña nueva">
        <PasswordResetConfirmForm key={token} token={token} />
      </AuthPageFrame>
    );
  }
  return (
    <AuthPageFrame title="Restablecer contraseña">
      <PasswordResetRequestForm initialEmail={initialEmail} />
    </AuthPageFrame>
  );
}
