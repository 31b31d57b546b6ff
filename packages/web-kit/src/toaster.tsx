import { useEffect } from 'react';
import { CloseIcon } from './icons.tsx';
import { type AppNotification, useToastStore } from './toast-store.ts';

const VISIBLE_MS: Record<AppNotification['kind'], number> = {
  default: 5000,
  success: 6000,
  warn: 7000,
  error: 10000,
};

function Toast({ notification }: { notification: AppNotification }) {
  const dismiss = useToastStore((state) => state.dismissNotification);
  useEffect(() => {
    const timer = window.setTimeout(() => dismiss(notification.id), VISIBLE_MS[notification.kind]);
    return () => window.clearTimeout(timer);
  }, [dismiss, notification]);
  return (
    <div
      className={`toast toast--${notification.kind}`}
      role={notification.kind === 'error' ? 'alert' : 'status'}
    >
      <div className="toast__text">
        <p className="toast__title">{notification.title}</p>
        {notification.message ? <p className="toast__message">{notification.message}</p> : null}
      </div>
      <button type="button" className="icon-button toast__close" onClick={() => dismiss(notification.id)}>
        <CloseIcon size={18} />
        <span className="visually-hidden">Cerrar aviso</span>
      </button>
    </div>
  );
}

/** Notification toasts of spec §2 (default, warn, error, success). */
export function Toaster() {
  const notifications = useToastStore((state) => state.notifications);
  return (
    <section className="toaster" aria-label="Avisos">
      {notifications.map((notification) => (
        <Toast key={notification.id} notification={notification} />
      ))}
    </section>
  );
}
