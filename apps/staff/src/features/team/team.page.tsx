import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import type { StoreTeam } from '@mandado/shared/store-members.schemas';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { OwnersOnlyNotice } from '../../components/owners-only-notice.tsx';
import { InviteForm } from './invite-form.tsx';
import { RemoveMemberDialog } from './remove-member-dialog.tsx';
import { removeMember, revokeInvitation, teamKey, teamQueryOptions } from './team.api.ts';
import { canRemove, invitationExpiryText, roleLabel, sortedMembers } from './team-text.ts';
import './team.css';

type Member = StoreTeam['members'][number];
type Invitation = StoreTeam['invitations'][number];

/**
 * `/comercio/equipo` (issue 18), for the store's owners: who works in it and as what, the invitations still
 * waiting (with when they expire), and the form to invite someone by e-mail. The API keeps a last owner;
 * the page does not offer to remove one, and says the server's reason if it refuses anyway.
 */
export function TeamPage({ store }: { store: MerchantStore }) {
  if (store.member_role !== 'owner') {
    return (
      <OwnersOnlyNotice
        title={`Equipo de ${store.name}`}
        message="Solo los dueños de la tienda pueden ver y cambiar su equipo."
      />
    );
  }
  return <Team store={store} />;
}

function Team({ store }: { store: MerchantStore }) {
  const ids = useId();
  const team = useQuery(teamQueryOptions(store.id));

  return (
    <div className="team">
      <h1 className="team__title">Equipo de {store.name}</h1>
      {team.isPending ? (
        <Spinner label="Cargando el equipo" />
      ) : team.isError ? (
        <QueryError message={team.error.message} onRetry={() => void team.refetch()} />
      ) : (
        <>
          <section className="team__section" aria-labelledby={`${ids}-members`}>
            <h2 id={`${ids}-members`} className="team__heading">
              Quién trabaja en la tienda
            </h2>
            <Members store={store} members={team.data.members} />
          </section>
          <section className="team__section" aria-labelledby={`${ids}-invite`}>
            <h2 id={`${ids}-invite`} className="team__heading">
              Invitar
            </h2>
            <p className="team__text">
              Enviamos un enlace a ese correo. Vence en 7 días y se acepta ingresando o creando una cuenta con
              ese correo.
            </p>
            <InviteForm storeId={store.id} />
          </section>
          <section className="team__section" aria-labelledby={`${ids}-pending`}>
            <h2 id={`${ids}-pending`} className="team__heading">
              Invitaciones pendientes
            </h2>
            <Invitations storeId={store.id} invitations={team.data.invitations} />
          </section>
        </>
      )}
    </div>
  );
}

function Members({ store, members }: { store: MerchantStore; members: Member[] }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<Member | null>(null);

  async function remove(member: Member) {
    await removeMember(store.id, member.user_id);
    setRemoving(null);
    if (member.you) {
      // Out of the store: who-am-I and the store list change, and the area shows what is left.
      notify({ kind: 'success', title: `Saliste de ${store.name}` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: whoamiQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['merchant', 'stores'] }),
      ]);
      navigate(STAFF_PATHS.merchant);
      return;
    }
    notify({ kind: 'success', title: `Quitaste a ${member.name}` });
    await queryClient.invalidateQueries({ queryKey: teamKey(store.id) });
  }

  return (
    <>
      <ul className="team__list">
        {sortedMembers(members).map((member) => (
          <li key={member.user_id} className="team-row">
            <div className="team-row__text">
              <p className="team-row__name">
                {member.name || member.email}
                {member.you ? <span className="badge team-badge--you">Tú</span> : null}
              </p>
              <p className="team-row__email">{member.email}</p>
              <p className="team-row__role">
                <span className={`badge team-badge--${member.role}`}>{roleLabel(member.role)}</span>
              </p>
            </div>
            {canRemove(member, members) ? (
              <button
                type="button"
                className="button button--secondary button--small team-row__action"
                onClick={() => setRemoving(member)}
              >
                {member.you ? 'Salir' : 'Quitar'}
                <span className="visually-hidden">
                  {member.you ? ` de ${store.name}` : ` a ${member.name || member.email}`}
                </span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {removing ? (
        <RemoveMemberDialog
          member={removing}
          storeName={store.name}
          onRemove={() => remove(removing)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </>
  );
}

function Invitations({ storeId, invitations }: { storeId: number; invitations: Invitation[] }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: (invitation: Invitation) => revokeInvitation(storeId, invitation.id),
    onSuccess: async (_answer, invitation) => {
      notify({
        kind: 'success',
        title: 'Invitación anulada',
        message: `El enlace a ${invitation.email} ya no sirve.`,
      });
      await queryClient.invalidateQueries({ queryKey: teamKey(storeId) });
    },
    onError: (error) => notify({ kind: 'error', title: 'Algo salió mal', message: error.message }),
  });

  if (invitations.length === 0) return <p className="team__text">No hay invitaciones esperando respuesta.</p>;
  return (
    <ul className="team__list">
      {invitations.map((invitation) => {
        const busy = revoke.isPending && revoke.variables.id === invitation.id;
        return (
          <li key={invitation.id} className="team-row">
            <div className="team-row__text">
              <p className="team-row__name">{invitation.email}</p>
              <p className="team-row__role">
                <span className={`badge team-badge--${invitation.role}`}>{roleLabel(invitation.role)}</span>
                <span className="team-row__expiry">{invitationExpiryText(invitation.expires_at)}</span>
              </p>
            </div>
            <button
              type="button"
              className="button button--secondary button--small team-row__action"
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy) revoke.mutate(invitation);
              }}
            >
              {busy ? <Spinner size="small" /> : null}
              Anular<span className="visually-hidden"> la invitación a {invitation.email}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
