import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { readReferrer, saveReferrer } from '../../features/accounts/referrer.ts';
import { AuthRoute } from './login.page.tsx';

/**
 * Spec §2 /register: reads `referral_token` from the query (empty if absent) and keeps it under `referrer`,
 * so an invitation still counts when the invited shopper browses first and registers later.
 */
export function RegisterPage() {
  const [params] = useSearchParams();
  const fromLink = params.get('referral_token')?.trim() ?? '';

  useEffect(() => {
    if (fromLink) saveReferrer(fromLink);
  }, [fromLink]);

  return <AuthRoute initialStage="register" referralToken={fromLink || readReferrer()} />;
}
