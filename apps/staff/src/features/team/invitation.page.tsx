import { MESSAGES } from '@mandado/shared/messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { useStoreChoice } from '../../state/store-choice.ts';
import { invitationTitle, ROLE_HINTS, sameEmail } from './role-text.ts';
import { acceptInvitation, type InvitationPreview, invitationQueryOptions } from './team.api.ts';
import './invitation.css';

interface InvitationPageProps {
  token: string;
  /** The shop's login and registration pages, each coming back here once done (their `?next=`). */
  loginHref: string;
  registerHref: string;
  /** The shop's home, for a link that no longer works. */
  shopHref: string;
}

/**
 * `/comercio/invitacion/:token` (issue 18), the link of an invitation's e-mail, for anyone holding it: it
 * is how a person who works nowhere yet becomes a store's member, so no membership is asked here. It says
 * which store and role it offers and to which e-mail; a visitor logs in or registers (and comes back), a
 * logged-in person accepts and lands in the store's orders. A used, unknown or expired link, or another
 * account's e-mail, is told with the server's own reason.
 */
export function InvitationPage({ token, loginHref, registerHref, shopHref }: InvitationPageProps) {
  const preview = useQuery(invitationQueryOptions(token));

  useEffect(() => {
    document.title = 'Invitación · Mandado';
  }, []);

  if (preview.isPending) {
    return (
      <div className="invitation invitation--center">
        <Spinner label="Cargando la invitación" />
      </div>
    );
  }
  if (preview.isError) {
    const error = preview.error;
    // 404 used or unknown, 410 expired (their reasons); a malformed link (400) is an unknown one to a person.
    if (error instanceof ApiError && [400, 404, 410].includes(error.status)) {
      return (
        <div className="invitation">
          <h1 className="invitation__title">Esta invitación no sirve</h1>
          <p className="invitation__problem" role="alert">
            {error.status === 400 ? SERVER_MESSAGES.invitationNotFound : error.message}.
          </p>
          {error.status === 410 ? null : (
            <p className="invitation__text">
              Si ya la aceptaste, encontrarás la tienda en «Mi comercio». Si no, pídele a uno de sus dueños
              que te envíe otra.
            </p>
          )}
          <div className="invitation__buttons">
            {error.status === 410 ? null : (
              <Link to={STAFF_PATHS.merchant} className="button button--primary">
                Ir a Mi comercio
              </Link>
            )}
            <a href={shopHref} className="button button--secondary">
              Ir a Mandado
            </a>
          </div>
        </div>
      );
    }
    return (
      <div className="invitation">
        <h1 className="invitation__title">Invitación</h1>
        <QueryError message={error.message} onRetry={() => void preview.refetch()} />
      </div>
    );
  }
  return (
    <Invitation token={token} invitation={preview.data} loginHref={loginHref} registerHref={registerHref} />
  );
}

interface InvitationProps {
  token: string;
  invitation: InvitationPreview;
  loginHref: string;
  registerHref: string;
}

function Invitation({ token, invitation, loginHref, registerHref }: InvitationProps) {
  const ids = useId();
  const whoami = useQuery(whoamiQueryOptions());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const chooseStore = useStoreChoice((state) => state.chooseStore);
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async (joined) => {
      // The session is a member now: who-am-I must say so before the store area's door checks it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: whoamiQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['merchant', 'stores'] }),
      ]);
      chooseStore(joined.store_id);
      notify({ kind: 'success', title: `Ya eres parte de ${joined.store_name}` });
      navigate(STAFF_PATHS.merchant);
    },
  });
  const user = whoami.data?.whoami;

  return (
    <div className="invitation">
      <h1 className="invitation__title">{invitationTitle(invitation.store_name, invitation.role)}</h1>
      <p className="invitation__text">{ROLE_HINTS[invitation.role]}</p>
      <p className="invitation__for">
        La invitación es para <b className="invitation__email">{invitation.email}</b>.
      </p>
      <section className="invitation__action" aria-labelledby={`${ids}-action`}>
        <h2 id={`${ids}-action`} className="visually-hidden">
          Aceptar la invitación
        </h2>
        {whoami.isPending ? (
          <Spinner label="Cargando" />
        ) : whoami.isError ? (
          <QueryError message={whoami.error.message} onRetry={() => void whoami.refetch()} />
        ) : !user ? (
          <>
            <p className="invitation__text">Para aceptarla, ingresa o crea tu cuenta con ese correo.</p>
            <div className="invitation__buttons">
              <a href={loginHref} className="button button--primary">
                Ingresar
              </a>
              <a href={registerHref} className="button button--secondary">
                Crear cuenta
              </a>
            </div>
          </>
        ) : (
          <>
            <p className="invitation__text">
              Entraste como <b className="invitation__email">{user.email}</b>.
            </p>
            {sameEmail(user.email, invitation.email) ? null : (
              <p className="notice notice--warn invitation__notice">
                Esta cuenta no tiene el correo invitado: para aceptarla, cierra la sesión y entra con{' '}
                {invitation.email}.
              </p>
            )}
            {accept.isError ? (
              <p className="form__alert" role="alert">
                {failureText(accept.error) ?? MESSAGES.serverError}
              </p>
            ) : null}
            <button
              type="button"
              className="button button--primary invitation__accept"
              disabled={accept.isPending || accept.isSuccess}
              onClick={() => accept.mutate()}
            >
              {accept.isPending ? <Spinner size="small" /> : null}
              Aceptar invitación
            </button>
          </>
        )}
      </section>
    </div>
  );
}
