import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { useState } from 'react';
import { type AuthPanelMode, useAppStore } from '../../state/app-store.ts';
import { type AuthStage, authStageTitle } from './auth-form.schemas.ts';
import { AuthForm } from './auth-form.tsx';
import { readReferrer } from './referrer.ts';

interface AuthPanelProps {
  mode: AuthPanelMode;
  onClose: () => void;
}

/**
 * Spec §4 login/register panel as a dialog; 'register' opens straight on the registration fields. With the
 * e-mail the referral box took (spec §3 `emailReferred`), it is pre-filled and 'login' opens on the password,
 * since the existence check has already been made.
 */
export function AuthPanel({ mode, onClose }: AuthPanelProps) {
  const [initialEmail] = useState(() => useAppStore.getState().authPanelEmail);
  const [stage, setStage] = useState<AuthStage>(
    mode === 'register' ? 'register' : initialEmail ? 'login' : 'email',
  );
  const [referralToken] = useState(readReferrer);
  return (
    <Dialog title={authStageTitle(stage)} onClose={onClose}>
      <AuthForm
        stage={stage}
        onStageChange={setStage}
        referralToken={referralToken}
        initialEmail={initialEmail}
        autoFocus
      />
    </Dialog>
  );
}
