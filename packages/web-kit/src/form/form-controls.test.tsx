import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { EmailInput, Field, FormProblem, PasswordInput } from './form-controls.tsx';

interface Values {
  email: string;
  password: string;
}

function KitForm({ emailError, problem }: { emailError?: string; problem?: string }) {
  const { register } = useForm<Values>({ defaultValues: { email: '', password: '' } });
  return (
    <form>
      <Field fieldId="email" label="Correo electrónico" required error={emailError}>
        <EmailInput fieldId="email" error={emailError} registration={register('email')} />
      </Field>
      <Field fieldId="password" label="Contraseña" required error={undefined} hint="Al menos 8 caracteres.">
        <PasswordInput
          fieldId="password"
          error={undefined}
          registration={register('password')}
          autoComplete="new-password"
          hintId="password-hint"
        />
      </Field>
      <FormProblem problem={problem} />
    </form>
  );
}

describe('the form kit', () => {
  it('labels each control, marks the required ones and links the hint', () => {
    render(<KitForm />);
    const email = screen.getByLabelText('Correo electrónico');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Correo electrónico').className).toContain('field-label--required');
    const password = screen.getByLabelText('Contraseña');
    expect(password.getAttribute('aria-describedby')).toBe('password-hint');
    expect(screen.getByText('Al menos 8 caracteres.').id).toBe('password-hint');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an error under its field, tied to it, and a form problem as an alert', () => {
    render(<KitForm emailError="Correo electrónico inválido" problem="No pudimos guardar los cambios." />);
    const email = screen.getByLabelText('Correo electrónico');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.className).toContain('input--invalid');
    expect(email.getAttribute('aria-describedby')).toBe(screen.getByText('Correo electrónico inválido').id);
    expect(screen.getByRole('alert').textContent).toBe('No pudimos guardar los cambios.');
  });

  it('shows e-mails in lowercase as typed (spec §5)', async () => {
    const user = userEvent.setup({ delay: null });
    render(<KitForm />);
    const email = screen.getByLabelText('Correo electrónico');
    await user.type(email, 'Ana@Example.COM');
    expect(email).toHaveProperty('value', 'ana@example.com');
  });

  it('shows and hides the password with a toggle that says its state', async () => {
    const user = userEvent.setup({ delay: null });
    render(<KitForm />);
    const password = screen.getByLabelText('Contraseña');
    expect(password.getAttribute('type')).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Mostrar contraseña' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Ocultar contraseña' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});
