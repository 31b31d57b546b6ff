import { Dialog } from '../../components/dialog.tsx';

/** Spec §4: the text of the change-city confirmation. */
const CHANGE_CITY_TEXT = 'Estás cambiando la ciudad de envío. Estás seguro que deseas continuar?';

interface ChangeCityDialogProps {
  cityName: string;
  onAccept: () => void;
  onCancel: () => void;
}

export function ChangeCityDialog({ cityName, onAccept, onCancel }: ChangeCityDialogProps) {
  return (
    <Dialog title={`Cambiar a ${cityName}`} onClose={onCancel}>
      <p className="dialog__text">{CHANGE_CITY_TEXT}</p>
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
