import type { Beneficiary, BeneficiaryValues } from '@mandado/shared/beneficiary.schemas';
import { RESIDENCY_LABELS } from '@mandado/shared/beneficiary.schemas';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import {
  beneficiariesQueryOptions,
  useCreateBeneficiary,
  useDeleteBeneficiary,
  useUpdateBeneficiary,
} from './beneficiaries.api.ts';
import { type AddressSlotProps, BeneficiaryForm } from './beneficiary-form.tsx';
import { type BeneficiaryMode, nextSelection } from './beneficiary-selection.ts';
import './beneficiaries.css';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';

interface BeneficiariesManagerProps {
  city: { id: number; name: string };
  renderAddressPicker: (props: AddressSlotProps) => ReactNode;
  /** Checkout keeps the selection; the account page lets the manager keep its own. */
  selectedId?: string | null;
  onSelectedChange?: (beneficiary: Beneficiary | null) => void;
  /** Spec §4: after a successful create the new beneficiary is selected (checkout then moves on). */
  onCreated?: (beneficiary: Beneficiary) => void;
}

/**
 * Spec §4 Beneficiaries: the saved list (a click selects, a second click deselects) and the add/edit form
 * (edit copies the item and clears the selection; saving or cancelling resets the form and returns to the
 * list); deleting asks first. Used by /user/beneficiaries and ready for checkout.
 */
export function BeneficiariesManager({
  city,
  renderAddressPicker,
  selectedId: controlledId,
  onSelectedChange,
  onCreated,
}: BeneficiariesManagerProps) {
  const list = useQuery(beneficiariesQueryOptions(city.id));
  const create = useCreateBeneficiary();
  const update = useUpdateBeneficiary();
  const remove = useDeleteBeneficiary();
  const [mode, setMode] = useState<BeneficiaryMode>({ kind: 'list' });
  const [ownSelectedId, setOwnSelectedId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Beneficiary | null>(null);
  const selectedId = controlledId === undefined ? ownSelectedId : controlledId;

  function select(beneficiary: Beneficiary | null) {
    setOwnSelectedId(beneficiary?.beneficiary_id ?? null);
    onSelectedChange?.(beneficiary);
  }

  function toggle(beneficiary: Beneficiary) {
    const next = nextSelection(selectedId, beneficiary.beneficiary_id);
    select(next === null ? null : beneficiary);
  }

  function startEdit(beneficiary: Beneficiary) {
    select(null);
    setMode({ kind: 'edit', beneficiary });
  }

  async function save(values: BeneficiaryValues) {
    if (mode.kind === 'edit') {
      await update.mutateAsync({ id: mode.beneficiary.beneficiary_id, input: values });
    } else {
      const created = await create.mutateAsync(values);
      select(created);
      onCreated?.(created);
    }
    setMode({ kind: 'list' });
  }

  function confirmDelete() {
    if (!deleting) return;
    const id = deleting.beneficiary_id;
    remove.mutate(id, {
      onSuccess: () => {
        if (selectedId === id) select(null);
        setDeleting(null);
      },
    });
  }

  if (mode.kind !== 'list') {
    return (
      <div className="beneficiaries">
        <h3 className="beneficiaries__title">
          {mode.kind === 'edit' ? 'Editar dirección' : 'Nueva dirección'}
        </h3>
        <BeneficiaryForm
          key={mode.kind === 'edit' ? mode.beneficiary.beneficiary_id : 'new'}
          cityId={city.id}
          cityName={city.name}
          editing={mode.kind === 'edit' ? mode.beneficiary : null}
          renderAddressPicker={renderAddressPicker}
          onSave={save}
          onCancel={() => setMode({ kind: 'list' })}
        />
      </div>
    );
  }

  const beneficiaries = list.data ?? [];
  return (
    <div className="beneficiaries">
      {list.error ? <QueryError message={list.error.message} onRetry={() => void list.refetch()} /> : null}
      {list.isLoading ? <Spinner label="Cargando direcciones" /> : null}
      {!list.isLoading && !list.error && beneficiaries.length === 0 ? (
        <EmptyState title="Todavía no agregaste a nadie">
          <p>
            Agrega a quien recibe tus compras: su nombre, su celular y la dirección con su punto en el mapa.
          </p>
        </EmptyState>
      ) : null}
      {beneficiaries.length > 0 ? (
        <ul className="beneficiaries__list" aria-label="Direcciones guardadas">
          {beneficiaries.map((beneficiary) => {
            const selected = beneficiary.beneficiary_id === selectedId;
            const name = `${beneficiary.first_name} ${beneficiary.last_name}`;
            return (
              <li
                key={beneficiary.beneficiary_id}
                className={selected ? 'beneficiary beneficiary--selected' : 'beneficiary'}
              >
                <button
                  type="button"
                  className="beneficiary__pick"
                  aria-pressed={selected}
                  onClick={() => toggle(beneficiary)}
                >
                  <span className="beneficiary__name">{name}</span>
                  <span className="beneficiary__line">{beneficiary.address_line1}</span>
                  <span className="beneficiary__line">
                    {RESIDENCY_LABELS[beneficiary.residency]} · {beneficiary.mobile_number}
                  </span>
                  {beneficiary.zone.meeting_point ? (
                    <span className="beneficiary__line beneficiary__line--warn">
                      Entrega en punto de encuentro
                    </span>
                  ) : null}
                </button>
                <div className="beneficiary__actions">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => startEdit(beneficiary)}
                  >
                    Editar<span className="visually-hidden"> {name}</span>
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => setDeleting(beneficiary)}
                  >
                    Eliminar<span className="visually-hidden"> {name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      <p>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => {
            create.reset();
            setMode({ kind: 'add' });
          }}
        >
          Agregar dirección
        </button>
      </p>
      {deleting ? (
        <Dialog title="Eliminar Dirección" onClose={() => setDeleting(null)}>
          <p className="dialog__text">¿Estás seguro de que deseas eliminar esta dirección?</p>
          <DialogActions
            confirmLabel="Eliminar"
            onCancel={() => setDeleting(null)}
            onConfirm={confirmDelete}
            busy={remove.isPending}
          />
        </Dialog>
      ) : null}
    </div>
  );
}
