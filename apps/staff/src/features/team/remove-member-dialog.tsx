import { MESSAGES } from '@mandado/shared/messages';
import type { StoreTeam } from '@mandado/shared/store-members.schemas';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { useState } from 'react';

type Member = StoreTeam['members'][number];

interface RemoveMemberDialogProps {
  member: Member;
  storeName: string;
  /** Removes them; rejects with the server's answer (409: the store's last owner). */
  onRemove: () => Promise<void>;
  onClose: () => void;
}

/**
 * 'Quitar' asks first: the person stops seeing the store's orders at once, and only a new invitation brings
 * them back. The server's refusal (the last owner, 409) is said in the dialog, which stays open.
 */
export function RemoveMemberDialog({ member, storeName, onRemove, onClose }: RemoveMemberDialogProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const title = member.you ? `¿Salir de ${storeName}?` : `¿Quitar a ${member.name} de ${storeName}?`;

  async function remove() {
    setBusy(true);
    setProblem(null);
    try {
      await onRemove();
    } catch (error) {
      setProblem(failureText(error) ?? MESSAGES.serverError);
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} onClose={onClose}>
      <p className="dialog__text">
        {member.you
          ? 'Dejarás de ver los pedidos de la tienda. Para volver, otro dueño tendrá que invitarte.'
          : `${member.name} (${member.email}) dejará de ver los pedidos de la tienda. Para que vuelva, tendrás que enviarle otra invitación.`}
      </p>
      <FormProblem problem={problem} />
      <DialogActions
        confirmLabel={member.you ? 'Salir' : 'Quitar'}
        onCancel={onClose}
        onConfirm={() => void remove()}
        busy={busy}
      />
    </Dialog>
  );
}
