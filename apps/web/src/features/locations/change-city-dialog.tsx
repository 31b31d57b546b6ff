import { Dialog } from '@mandado/web-kit/dialog.tsx';

/** Spec §4: the text of the change-city confirmation. */
const CHANGE_CITY_TEXT = 'Estás cambiando la ciudad de envío. ¿Estás seguro de que deseas continuar?';

/** Spec §4: with items in the cart the question adds that the cart will be emptied. */
const CART_WARNING = 'Tu carrito se vaciará: los productos que agregaste no se envían a otra ciudad.';

interface ChangeCityDialogProps {
  cityName: string;
  /** The cart has items: warn that accepting empties it. */
  warnCart: boolean;
  onAccept: () => void;
  onCancel: () => void;
}

export function ChangeCityDialog({ cityName, warnCart, onAccept, onCancel }: ChangeCityDialogProps) {
  return (
    <Dialog title={`Cambiar a ${cityName}`} onClose={onCancel}>
      <p className="dialog__text">{CHANGE_CITY_TEXT}</p>
      {warnCart ? <p className="notice notice--warn change-city__warning">{CART_WARNING}</p> : null}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancelar
        </button>
        <button type="button" className="button button--primary" onClick={onAccept}>
          Aceptar
        </button>
      </div>
    </Dialog>
  );
}
