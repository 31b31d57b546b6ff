import type { User } from '@mandado/shared/account.schemas';
import { useToastStore } from '@mandado/web-kit/toast-store.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../state/app-store.ts';
import { welcome } from './welcome.ts';

const ANA: User = {
  user_account_id: '7',
  type: 'remitter',
  first_name: 'Ana',
  last_name: 'Pérez',
  email: 'ana@example.com',
  phone_number: '+598 91 234 567',
  referral_token: 'abc',
  credit: '0.00',
  coupon: null,
  referral_welcome_pending: false,
  roles: ['remitter'],
  store_ids: [],
  operator_group: null,
};

describe('welcome (issue 16: the welcome toast greets a new account only)', () => {
  beforeEach(() => {
    useToastStore.setState({ notifications: [] });
    useAppStore.setState({ authPanel: 'login' });
  });

  it('greets right after registering and closes the panel', () => {
    welcome(ANA, 'register');
    const { notifications } = useToastStore.getState();
    const { authPanel } = useAppStore.getState();
    expect(notifications.map(({ title, message }) => ({ title, message }))).toEqual([
      { title: '¡Hola, Ana!', message: 'Bienvenido a Mandado' },
    ]);
    expect(authPanel).toBeNull();
  });

  it('shows no toast after a login, and still closes the panel', () => {
    welcome(ANA, 'login');
    const { notifications } = useToastStore.getState();
    const { authPanel } = useAppStore.getState();
    expect(notifications).toEqual([]);
    expect(authPanel).toBeNull();
  });
});
