import { isStaffAreaPath } from '@mandado/shared/staff-routes';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
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

/**
 * A `next` in the staff app (issue 17: /comercio, /admin) is another bundle, which this app's router does not
 * know: a full page load goes there instead of a client-side navigation.
 */
function LeaveForStaffApp({ to }: { to: string }) {
  useEffect(() => window.location.replace(to), [to]);
  return (
    <div className="app-loading">
      <Spinner label="Cargando" />
    </div>
  );
}

/** /login and /register: the panel's form as a page; once logged in, on to `next` (or the shop). */
export function AuthRoute({ initialStage, referralToken }: AuthRouteProps) {
  const [params] = useSearchParams();
  const { user, isPending } = useCurrentUser();
  const hasCity = useAppStore((state) => state.city !== null);
  const [stage, setStage] = useState(initialStage);
  if (user) {
    const next = safeNextPath(params.get('next'));
    if (next !== null && isStaffAreaPath(next.split(/[?#]/)[0] ?? '')) return <LeaveForStaffApp to={next} />;
    return <Navigate to={next ?? homePath(hasCity)} replace />;
  }
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
