import { CONSENT_MESSAGES, type ConsentStatus } from '@mandado/shared/legal-versions';
import { apiGet, apiPost } from '@mandado/web-kit/api-client.ts';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import './consent-notice.css';

const CONSENT_KEY = ['users', 'consent'] as const;

/**
 * Issue 32, decision 078: an account that has not accepted the current privacy policy and terms (from before
 * consent was recorded, or after a new version) is asked once, in every page of the shop: a notice that does
 * not block browsing, links /privacidad and records 'Acepto' with its version (the API refuses a version the
 * notice did not show).
 */
export function ConsentNotice() {
  const ids = useId();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: CONSENT_KEY,
    queryFn: ({ signal }) => apiGet<ConsentStatus>('/users/consent/', signal),
    staleTime: 5 * 60_000,
  });
  const accept = useMutation({
    mutationFn: (current: ConsentStatus) =>
      apiPost<ConsentStatus>('/users/consent/', {
        privacy_policy_version: current.privacy_policy.version,
        terms_version: current.terms.version,
      }),
    onSuccess: (next) => queryClient.setQueryData(CONSENT_KEY, next),
    // A version changed while the notice was open: read the new one.
    onError: () => queryClient.invalidateQueries({ queryKey: CONSENT_KEY }),
  });
  const current = status.data;
  if (!current?.pending) return null;
  const problem = accept.isError ? (failureText(accept.error) ?? CONSENT_MESSAGES.versionChanged) : null;
  return (
    <section className="consent-notice" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="consent-notice__title">
        {CONSENT_MESSAGES.noticeTitle}
      </h2>
      <p className="consent-notice__body">{CONSENT_MESSAGES.noticeBody}</p>
      {problem ? (
        <p className="consent-notice__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="consent-notice__actions">
        <Link to="/privacidad" className="consent-notice__link">
          {CONSENT_MESSAGES.readPolicy}
        </Link>
        <button
          type="button"
          className="button button--primary"
          disabled={accept.isPending}
          onClick={() => accept.mutate(current)}
        >
          {accept.isPending ? <Spinner size="small" /> : null}
          {CONSENT_MESSAGES.accept}
        </button>
      </div>
    </section>
  );
}
