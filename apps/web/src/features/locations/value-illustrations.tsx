/** The three illustrations of the city screen (spec §2) that explain the value proposition. */

function StoreArt() {
  return (
    <svg viewBox="0 0 120 96" width="120" height="96" aria-hidden="true" focusable="false">
      <rect x="8" y="80" width="104" height="6" rx="3" fill="var(--brand-100)" />
      <rect x="22" y="38" width="76" height="44" rx="4" fill="#fff" stroke="var(--brand)" strokeWidth="3" />
      <path
        d="M18 38 26 16h68l8 22z"
        fill="var(--brand-100)"
        stroke="var(--brand)"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M18 38c0 6 9 6 9 0 0 6 9 6 9 0 0 6 9 6 9 0 0 6 9 6 9 0 0 6 9 6 9 0 0 6 9 6 9 0 0 6 9 6 9 0 0 6 9 6 9 0"
        fill="var(--accent)"
        stroke="var(--brand)"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <rect
        x="34"
        y="54"
        width="18"
        height="28"
        rx="2"
        fill="var(--brand-100)"
        stroke="var(--brand)"
        strokeWidth="3"
      />
      <rect
        x="62"
        y="54"
        width="24"
        height="14"
        rx="2"
        fill="var(--brand-50)"
        stroke="var(--brand)"
        strokeWidth="3"
      />
    </svg>
  );
}

function AbroadArt() {
  return (
    <svg viewBox="0 0 120 96" width="120" height="96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="46" r="32" fill="var(--brand-100)" stroke="var(--brand)" strokeWidth="3" />
      <path
        d="M16 46h64M48 14c-12 16-12 48 0 64M48 14c12 16 12 48 0 64"
        fill="none"
        stroke="var(--brand)"
        strokeWidth="3"
      />
      <rect x="66" y="42" width="44" height="40" rx="6" fill="#fff" stroke="var(--brand)" strokeWidth="3" />
      <rect x="66" y="50" width="44" height="7" fill="var(--brand)" />
      <rect x="73" y="66" width="16" height="6" rx="2" fill="var(--accent)" />
    </svg>
  );
}

function DeliveryArt() {
  return (
    <svg viewBox="0 0 120 96" width="120" height="96" aria-hidden="true" focusable="false">
      <rect x="8" y="80" width="104" height="6" rx="3" fill="var(--brand-100)" />
      <rect x="12" y="34" width="56" height="38" rx="4" fill="#fff" stroke="var(--brand)" strokeWidth="3" />
      <path
        d="M68 44h20l14 14v14H68z"
        fill="var(--brand-100)"
        stroke="var(--brand)"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <circle cx="30" cy="76" r="8" fill="#fff" stroke="var(--brand)" strokeWidth="3" />
      <circle cx="86" cy="76" r="8" fill="#fff" stroke="var(--brand)" strokeWidth="3" />
      <rect x="26" y="44" width="22" height="16" rx="2" fill="var(--accent)" />
      <path
        d="M92 12a10 10 0 1 1-.1 0zM92 17v6l4 2"
        fill="var(--brand-50)"
        stroke="var(--brand)"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

const STEPS = [
  {
    title: 'Elige la tienda',
    text: 'Supermercados, farmacias, carnicerías y más tiendas oficiales de Montevideo.',
    Art: StoreArt,
  },
  {
    title: 'Compra desde el exterior',
    text: 'Paga con tu tarjeta desde cualquier país y mira los precios en tu moneda.',
    Art: AbroadArt,
  },
  {
    title: 'Entregamos en 24 a 48 h',
    text: 'Un repartidor lleva el pedido a la casa de tu familia, de lunes a viernes.',
    Art: DeliveryArt,
  },
] as const;

export function ValueIllustrations() {
  return (
    <ol className="value-steps">
      {STEPS.map(({ title, text, Art }) => (
        <li key={title} className="value-step">
          <Art />
          <h3 className="value-step__title">{title}</h3>
          <p className="value-step__text">{text}</p>
        </li>
      ))}
    </ol>
  );
}
