import type { MerchantStore } from '@mandado/shared/staff.schemas';
import type { MerchantAvailability } from '@mandado/shared/store-availability.schemas';
import { PAUSE_MAX_HOURS } from '@mandado/shared/store-availability.schemas';
import { openingHoursLine, type WeeklyHours } from '@mandado/shared/store-hours';
import type { MerchantStoreProfile } from '@mandado/shared/store-profile.schemas';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { OwnersOnlyNotice } from '../../components/owners-only-notice.tsx';
import { availabilityQueryOptions } from './availability.api.ts';
import { availabilityStateText, closureSummaryText, pausedToastText } from './availability-text.ts';
import { isPausedNow, keptClosure, keptPause } from './availability-time.ts';
import { ClosureForm } from './closure-form.tsx';
import type { ClosureInput } from './closure-form-values.ts';
import { DeliveryWindowsSection } from './delivery-windows-section.tsx';
import { HoursForm } from './hours-form.tsx';
import { PauseDialog } from './pause-dialog.tsx';
import { PreparationSection } from './preparation-section.tsx';
import { profileKey, profileQueryOptions, saveHours } from './profile.api.ts';
import { ProfileForm } from './profile-form.tsx';
import { SubstitutionWaitSection } from './substitution-wait-section.tsx';
import { useSaveAvailability } from './use-save-availability.ts';
import '@mandado/web-kit/form/form.css';
import './store-availability.css';
import { goLiveKey } from '../../lib/go-live-key.ts';

const TITLE = 'Tu tienda';

/**
 * `/comercio/tienda` (issue 18), for the store's owners: whether it takes orders now, 'Pausar ahora' until a
 * time it reopens by itself, a scheduled closure, then the profile and the hours per weekday. A staff member (the API refuses them the changes) hears
 * why instead.
 */
interface StoreAvailabilityPageProps {
  store: MerchantStore;
  /** Sections the route places above the state and below the hours (the go-live checklist, the payout account). */
  before?: ReactNode;
  after?: ReactNode;
}

export function StoreAvailabilityPage({ store, before, after }: StoreAvailabilityPageProps) {
  if (store.member_role !== 'owner') {
    return (
      <OwnersOnlyNotice
        title={TITLE}
        message="Solo los dueños de la tienda pueden cambiar su perfil y su horario, pausarla o programar un cierre."
      />
    );
  }
  return <StoreAvailability store={store} before={before} after={after} />;
}

function StoreAvailability({ store, before, after }: StoreAvailabilityPageProps) {
  const availability = useQuery(availabilityQueryOptions(store.id));
  return (
    <div className="store-settings">
      <header className="store-settings__head">
        <h1 className="store-settings__title">{TITLE}</h1>
        <p className="store-settings__store">{store.name}</p>
      </header>
      {before}
      {availability.isPending ? (
        <Spinner label="Cargando el estado de tu tienda" />
      ) : availability.isError ? (
        <QueryError message={availability.error.message} onRetry={() => void availability.refetch()} />
      ) : (
        <>
          <PauseSection storeId={store.id} availability={availability.data} />
          <ClosureSection storeId={store.id} availability={availability.data} />
        </>
      )}
      <PreparationSection storeId={store.id} />
      <SubstitutionWaitSection storeId={store.id} />
      <ProfileSections storeId={store.id} />
      <DeliveryWindowsSection storeId={store.id} />
      {after}
    </div>
  );
}

/** 'Perfil' and 'Horario' (decision 047), under the state, from the profile's own query. */
function ProfileSections({ storeId }: { storeId: number }) {
  const profile = useQuery(profileQueryOptions(storeId));
  if (profile.isPending) return <Spinner label="Cargando el perfil de tu tienda" />;
  if (profile.isError) {
    return <QueryError message={profile.error.message} onRetry={() => void profile.refetch()} />;
  }
  return (
    <>
      <ProfileSection storeId={storeId} profile={profile.data} />
      <HoursSection storeId={storeId} profile={profile.data} />
    </>
  );
}

interface ProfileSectionProps {
  storeId: number;
  profile: MerchantStoreProfile;
}

function ProfileSection({ storeId, profile }: ProfileSectionProps) {
  const ids = useId();
  return (
    <section className="store-settings__section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="store-settings__subtitle">
        Perfil
      </h2>
      <p className="store-settings__text">Lo que tus clientes ven de tu tienda en Mandado.</p>
      <ProfileForm storeId={storeId} profile={profile} />
    </section>
  );
}

function HoursSection({ storeId, profile }: ProfileSectionProps) {
  const ids = useId();
  const queryClient = useQueryClient();
  const saved = profile.hours;

  async function save(hours: WeeklyHours | null) {
    const answer = await saveHours(storeId, { hours });
    queryClient.setQueryData(profileKey(storeId), answer);
    void queryClient.invalidateQueries({ queryKey: goLiveKey(storeId) });
    notify(
      hours
        ? { kind: 'success', title: 'Guardaste el horario' }
        : {
            kind: 'success',
            title: 'Quitaste el horario',
            message: 'Tus clientes ven tu tienda siempre abierta.',
          },
    );
  }

  return (
    <section className="store-settings__section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="store-settings__subtitle">
        Horario
      </h2>
      <p className="store-settings__text">
        Las horas son de Montevideo. Fuera de hora tus clientes igual pueden comprar: ven cuándo abres y el
        envío cuenta desde que abres.
      </p>
      <p className="store-closure">
        {saved ? (
          <>
            <strong>Ahora:</strong> {openingHoursLine(saved, new Date())}
          </>
        ) : (
          'Sin horario: tus clientes ven tu tienda siempre abierta.'
        )}
      </p>
      {/* A newly saved week (or none) is a new form: its boxes start from what the server keeps. */}
      <HoursForm key={saved ? JSON.stringify(saved) : 'none'} saved={saved} onSave={save} />
    </section>
  );
}

interface SectionProps {
  storeId: number;
  availability: MerchantAvailability;
}

/** The state now, in the shop's words, with 'Pausar ahora' or 'Reanudar'. */
function PauseSection({ storeId, availability }: SectionProps) {
  const ids = useId();
  const save = useSaveAvailability(storeId);
  const [choosing, setChoosing] = useState(false);
  const [resuming, setResuming] = useState(false);
  const paused = isPausedNow(availability, new Date());
  const state = availabilityStateText(availability);

  async function pause(until: string) {
    const answer = await save({ paused_until: until, closure: keptClosure(availability, new Date()) });
    setChoosing(false);
    notify({
      kind: 'success',
      title: 'Tienda pausada',
      message: pausedToastText(answer.paused_until ?? until),
    });
  }

  async function resume() {
    setResuming(true);
    try {
      const answer = await save({ paused_until: null, closure: keptClosure(availability, new Date()) });
      notify(
        answer.state === 'open'
          ? { kind: 'success', title: 'Tu tienda recibe pedidos otra vez' }
          : // A closure running too: the pause is gone, the closure still holds the orders.
            {
              kind: 'success',
              title: 'Quitaste la pausa',
              ...(answer.reason ? { message: answer.reason } : {}),
            },
      );
    } catch (error) {
      notify({
        kind: 'error',
        title: 'No pudimos reanudar tu tienda',
        message: failureText(error) ?? 'Intenta de nuevo en un momento.',
      });
    } finally {
      setResuming(false);
    }
  }

  return (
    <section className="store-settings__section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="store-settings__subtitle">
        Ahora
      </h2>
      {/* Read out when it changes: the answer to 'Pausar ahora' and 'Reanudar' is this text. */}
      <div className={`store-state store-state--${availability.state}`} role="status">
        <p className="store-state__title">{state.title}</p>
        <p className="store-state__text">{state.text}</p>
      </div>
      <div className="store-settings__actions">
        {paused ? (
          <>
            <button
              type="button"
              className="button button--primary"
              disabled={resuming}
              onClick={() => void resume()}
            >
              {resuming ? <Spinner size="small" /> : null}
              Reanudar
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={resuming}
              onClick={() => setChoosing(true)}
            >
              Cambiar la pausa
            </button>
          </>
        ) : (
          <button type="button" className="button button--primary" onClick={() => setChoosing(true)}>
            Pausar ahora
          </button>
        )}
      </div>
      <p className="form__hint">
        Una pausa dura hasta {PAUSE_MAX_HOURS} horas y termina sola. Para un feriado o unas vacaciones,
        programa un cierre.
      </p>
      {choosing ? <PauseDialog onPause={pause} onClose={() => setChoosing(false)} /> : null}
    </section>
  );
}

/** 'Cierre programado': the saved one in words, and the form to set, change or remove it. */
function ClosureSection({ storeId, availability }: SectionProps) {
  const ids = useId();
  const save = useSaveAvailability(storeId);
  const saved = availability.closure;

  async function saveClosure(closure: ClosureInput | null) {
    await save({ paused_until: keptPause(availability, new Date()), closure });
    notify(
      closure
        ? { kind: 'success', title: 'Cierre programado', message: closureSummaryText(closure) }
        : { kind: 'success', title: 'Quitaste el cierre programado' },
    );
  }

  return (
    <section className="store-settings__section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="store-settings__subtitle">
        Cierre programado
      </h2>
      <p className="store-settings__text">
        Para un feriado, unas vacaciones o un inventario. Entre esas horas tus clientes ven «Cerrada hasta…»
        con tu nota, y tu tienda vuelve a recibir pedidos sola al terminar. Las horas son de Montevideo.
      </p>
      {saved ? (
        <p className="store-closure">
          <strong>Programado:</strong> {closureSummaryText(saved)}
        </p>
      ) : null}
      {/* A new saved closure (or none) is a new form: its boxes start from what the server keeps. */}
      <ClosureForm
        key={saved ? `${saved.from}|${saved.to}|${saved.note}` : 'none'}
        saved={saved}
        onSave={saveClosure}
      />
    </section>
  );
}
