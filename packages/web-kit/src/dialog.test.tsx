import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog.tsx';
import { DialogActions } from './dialog-actions.tsx';

function Opener({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Quitar producto
      </button>
      {open ? (
        <Dialog title="¿Quitar el producto?" onClose={() => setOpen(false)}>
          <p>Se quita del carrito.</p>
          <DialogActions confirmLabel="Quitar" onCancel={() => setOpen(false)} onConfirm={onConfirm} />
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog', () => {
  it('opens as a modal named by its title, with the way out first and the action named', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Opener onConfirm={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Quitar producto' }));
    const dialog = screen.getByRole('dialog', { name: '¿Quitar el producto?' });
    expect(dialog).toHaveProperty('open', true);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const buttons = screen.getAllByRole('button').filter((button) => dialog.contains(button));
    expect(buttons.map((button) => button.textContent)).toEqual(['Cerrar', 'Cancelar', 'Quitar']);
    // The page is locked behind it (the scroll lock every dialog takes).
    expect(document.documentElement.classList.contains('is-scroll-locked')).toBe(true);
  });

  it('closes on the cancel event the browser fires for Escape, and gives focus back to the opener', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Opener onConfirm={vi.fn()} />);
    const opener = screen.getByRole('button', { name: 'Quitar producto' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    // A browser's showModal() moves focus into the dialog; happy-dom leaves it on the opener, so move it here.
    screen.getByRole('button', { name: 'Cancelar' }).focus();
    expect(document.activeElement).not.toBe(opener);
    // A real browser turns Escape on a modal <dialog> into `cancel` (E2E checks the key itself).
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cancel.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(opener);
    expect(document.documentElement.classList.contains('is-scroll-locked')).toBe(false);
  });

  it('closes on the close button and on a press and release on the backdrop, not on a drag out of the panel', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Opener onConfirm={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Quitar producto' }));
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Quitar producto' }));
    const dialog = screen.getByRole('dialog');
    // A text selection dragged from the panel ends on the backdrop: the dialog stays.
    fireEvent.pointerDown(screen.getByText('Se quita del carrito.'));
    fireEvent.click(dialog);
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('runs the action once', async () => {
    const user = userEvent.setup({ delay: null });
    const onConfirm = vi.fn();
    render(<Opener onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Quitar producto' }));
    await user.click(screen.getByRole('button', { name: 'Quitar' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('DialogActions', () => {
  it('disables the action while busy and submits the form when it has no handler of its own', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <DialogActions confirmLabel="Rechazar pedido" onCancel={vi.fn()} />
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Rechazar pedido' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <form onSubmit={onSubmit}>
        <DialogActions confirmLabel="Rechazar pedido" onCancel={vi.fn()} busy />
      </form>,
    );
    expect(screen.getByRole('button', { name: /Rechazar pedido/ })).toHaveProperty('disabled', true);
  });
});
