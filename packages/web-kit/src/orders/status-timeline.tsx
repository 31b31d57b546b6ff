import './order-status.css';
import type { StoreOrderStatus } from '@mandado/shared/order-status';
import { type StatusTone, statusTone, type TimelineStep } from './order-timeline.ts';

/** A status as a chip: the colour helps, the text says it. */
export function StatusBadge({ label, tone }: { label: string; tone: StatusTone }) {
  return <span className={`order-status order-status--${tone}`}>{label}</span>;
}

export function StoreStatusBadge({ status, label }: { status: StoreOrderStatus; label: string }) {
  return <StatusBadge label={label} tone={statusTone(status)} />;
}

/**
 * The store order's history as an ordered list (the order of the steps is their meaning), the current step
 * marked with aria-current so screen readers say which one it is.
 */
export function StatusTimeline({ steps, label }: { steps: readonly TimelineStep[]; label: string }) {
  return (
    <ol className="status-timeline" aria-label={label}>
      {steps.map((step) => (
        <li
          key={step.key}
          className={`status-timeline__step status-timeline__step--${statusTone(step.status)}${
            step.current ? ' status-timeline__step--current' : ''
          }`}
          aria-current={step.current ? 'step' : undefined}
        >
          <span className="status-timeline__label">
            {step.label}
            {step.current ? <span className="visually-hidden"> (estado actual)</span> : null}
          </span>
          {step.when ? (
            <time className="status-timeline__time" dateTime={step.dateTime}>
              {step.when}
            </time>
          ) : null}
          {step.reason ? <span className="status-timeline__reason">{step.reason}</span> : null}
        </li>
      ))}
    </ol>
  );
}
