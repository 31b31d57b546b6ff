interface SpinnerProps {
  label?: string;
  size?: 'small' | 'medium';
}

/** A loading indicator; with a label it is announced, without one it is decorative. */
export function Spinner({ label, size = 'medium' }: SpinnerProps) {
  return (
    <span className={`spinner spinner--${size}`} role={label ? 'status' : undefined}>
      <span className="spinner__ring" aria-hidden="true" />
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}
