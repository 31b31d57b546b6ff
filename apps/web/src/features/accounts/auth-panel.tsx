import { useState } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import type { AuthPanelMode } from '../../state/app-store.ts';
import { type AuthStage, authStageTitle } from './auth-form.schemas.ts';
import { AuthForm } from './auth-form.tsx';
import { readReferrer } from './referrer.ts';

interface AuthPanelProps {
  mode: AuthPanelMode;
  onClose: () => void;
}

/** Spec §4 login/register panel as a dialog; 'register' opens straight on the registration fields. */
export function AuthPanel({ mode, onClose }: AuthPanelProps) {
  const [stage, setStage] = useState<AuthStage>(mode === 'register' ? 'register' : 'email');
  const [referralToken] = useState(readReferrer);
  return (
    <Dialog title={authStageTitle(stage)} onClose={onClose}>
      <AuthForm stage={stage} onStageChange={setStage} referralToken={referralToken} autoFocus />
    </Dialog>
  );
}
