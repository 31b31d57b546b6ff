import { useSearchParams } from 'react-router';
import {
  PasswordResetConfirmForm,
  PasswordResetRequestForm,
} from '../../features/accounts/password-reset-forms.tsx';
import { AuthPageFrame } from '../account/auth-page.tsx';

/** Spec §2 /password-reset: asks for the link without a token; with `?token=` (the e-mailed link) sets the password. */
export function PasswordResetPage() {
  const [params] = useSearchParams();
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
      <PasswordResetRequestForm />
    </AuthPageFrame>
  );
}
