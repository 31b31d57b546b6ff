import { create } from 'zustand';

export type NotificationKind = 'default' | 'warn' | 'error' | 'success';

export interface AppNotification {
  id: number;
  kind: NotificationKind;
  title: string;
  message?: string;
}

interface ToastState {
  /** The toasts on screen, oldest first. */
  notifications: AppNotification[];
  notify: (notification: Omit<AppNotification, 'id'>) => void;
  dismissNotification: (id: number) => void;
}

let nextNotificationId = 1;

/**
 * The toasts of spec §2, in a store of their own so that both apps (the shop and the staff app) show them
 * with the one Toaster, whatever else each app keeps in its own store.
 */
export const useToastStore = create<ToastState>()((set) => ({
  notifications: [],
  notify: (notification) =>
    set((state) => ({
      notifications: [...state.notifications, { ...notification, id: nextNotificationId++ }],
    })),
  dismissNotification: (id) =>
    set((state) => ({ notifications: state.notifications.filter((item) => item.id !== id) })),
}));

/** Shows a toast from outside React (a mutation's callback, a store action). */
export function notify(notification: Omit<AppNotification, 'id'>): void {
  useToastStore.getState().notify(notification);
}
