import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Spinner } from '../../components/spinner.tsx';
import { type AuthStage, authStageTitle } from '../../features/accounts/auth-form.schemas.ts';
import { AuthForm } from '../../features/accounts/auth-form.tsx';
import { readReferrer } from '../../features/accounts/referrer.ts';
import { useCurrentUser } from '../../features/accounts/use-current-user.ts';
import { useAppStore } from '../../state/app-store.ts';
import { AuthPageFrame } from '../account/auth-page.tsx';
import { homePath, safeNextPath } from '../account/next-path.ts';

interface AuthRouteProps {
  initialStage: AuthStage;
  referralToken: string;
}

/** /login and /register: the panel's form as a page; once logged in, on to `next` (or the shop). */
export function AuthRoute({ initialStage, referralToken }: AuthRouteProps) {
  const [params] = useSearchParams();
  const { user, isPending } = useCurrentUser();
  const hasCity = useAppStore((state) => state.city !== null);
  const [stage, setStage] = useState(initialStage);
  if (user) return <Navigate to={safeNextPath(params.get('next')) ?? homePath(hasCity)} replace />;
  return (
    <AuthPageFrame title={authStageTitle(stage)}>
      {isPending ? (
        <div className="dialog__loading">
          <Spinner label="Cargando" />
        </div>
      ) : (
        <AuthForm stage={stage} onStageChange={setStage} referralToken={referralToken} />
      )}
    </AuthPageFrame>
  );
}

/** Spec §2 /login. */
export function LoginPage() {
  const [referralToken] = useState(readReferrer);
  return <AuthRoute initialStage="email" referralToken={referralToken} />;
}
