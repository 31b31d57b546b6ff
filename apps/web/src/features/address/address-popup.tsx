import { MESSAGES } from '@mandado/shared/messages';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { type ReactNode, useId, useState } from 'react';
import type { StoredLocation } from '../../state/app-store.ts';
import { AddressPicker, type AddressValue } from './address-picker.tsx';
import './address-popup.css';

/** Spec §2: the popup's title, verbatim. */
export const ADDRESS_POPUP_TITLE = 'Ingresa tu dirección de envío';

/**
 * §5 Guest address: only the address and the position are needed. A plain check rather than the beneficiary
 * schema: this popup opens on a browse page's first load, which must not bring zod (the position comes from
 * our geocoder or the map, both within Uruguay).
 */
function guestAddressErrors(value: AddressValue): { address?: string; position?: string } {
  return {
    ...(value.address.trim() === '' ? { address: MESSAGES.required } : {}),
    ...(value.position === null ? { position: MESSAGES.required } : {}),
  };
}

export interface SavedAddressChoice {
  id: string;
  name: string;
  location: StoredLocation;
}

interface AddressPopupProps {
  /** A logged-in user's beneficiaries; null for a visitor or a user with none (they enter an address). */
  choices: SavedAddressChoice[] | null;
  isLoading: boolean;
  onConfirm: (location: StoredLocation) => void;
  onClose: () => void;
}

function GuestAddress({ onConfirm }: { onConfirm: (location: StoredLocation) => void }) {
  const fieldId = useId();
  const [value, setValue] = useState<AddressValue>({ address: '', position: null });
  const [errors, setErrors] = useState<{ address?: string; position?: string }>({});

  function confirm() {
    const problems = guestAddressErrors(value);
    if (problems.address || problems.position || value.position === null) {
      setErrors(problems);
      return;
    }
    onConfirm({
      latitude: value.position.latitude,
      longitude: value.position.longitude,
      label: value.address.trim(),
    });
  }

  return (
    <div className="address-popup__guest">
      <AddressPicker
        fieldId={fieldId}
        value={value}
        onChange={(next) => {
          setValue(next);
          if (errors.address || errors.position) setErrors({});
        }}
        addressError={errors.address}
        positionError={errors.position}
        mapOnDemand
      />
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={confirm}>
          Confirmar
        </button>
      </div>
    </div>
  );
}

/**
 * Spec §2 Address popup: a logged-in user with beneficiaries picks one ('Confirmar' appears once chosen); a
 * visitor enters an address and its position on the map (§5 Guest address).
 */
export function AddressPopup({ choices, isLoading, onConfirm, onClose }: AddressPopupProps) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const groupName = useId();
  const chosen = choices?.find((choice) => choice.id === chosenId) ?? null;

  let body: ReactNode;
  if (isLoading) body = <Spinner label="Cargando tus direcciones" />;
  else if (choices && choices.length > 0) {
    body = (
      <>
        <fieldset className="address-popup__choices">
          <legend className="field-label">¿A quién le envías?</legend>
          {choices.map((choice) => (
            <label
              key={choice.id}
              className={
                choice.id === chosenId
                  ? 'address-popup__choice address-popup__choice--chosen'
                  : 'address-popup__choice'
              }
            >
              <input
                type="radio"
                name={groupName}
                checked={choice.id === chosenId}
                onChange={() => setChosenId(choice.id)}
              />
              <span>
                <span className="address-popup__name">{choice.name}</span>
                <span className="address-popup__line">{choice.location.label}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {chosen ? (
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => onConfirm(chosen.location)}
            >
              Confirmar
            </button>
          </div>
        ) : null}
      </>
    );
  } else body = <GuestAddress onConfirm={onConfirm} />;

  return (
    <Dialog title={ADDRESS_POPUP_TITLE} onClose={onClose} variant="wide">
      <p className="dialog__text">
        Así te mostramos primero las tiendas más cercanas a quien recibe la compra.
      </p>
      {body}
    </Dialog>
  );
}
