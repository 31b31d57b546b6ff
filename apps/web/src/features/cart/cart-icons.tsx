import { IconSvg } from '@mandado/web-kit/icons.tsx';

interface IconProps {
  size?: number;
}

export function CartIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="9" cy="20" r="1.4" />
      <circle cx="18" cy="20" r="1.4" />
      <path d="M2.5 3.5h2.6l2.4 11.2a1.8 1.8 0 0 0 1.8 1.4h8.4a1.8 1.8 0 0 0 1.7-1.3l1.6-6.3H6.2" />
    </IconSvg>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M12 5v14M5 12h14" />
    </IconSvg>
  );
}

export function MinusIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M5 12h14" />
    </IconSvg>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M4 7h16M9 7V4.5h6V7M6.5 7l1 12.5h9l1-12.5M10 11v5M14 11v5" />
    </IconSvg>
  );
}

export function ChevronIcon({ direction, ...props }: IconProps & { direction: 'left' | 'right' }) {
  return (
    <IconSvg {...props}>
      <path d={direction === 'left' ? 'm15 5-7 7 7 7' : 'm9 5 7 7-7 7'} />
    </IconSvg>
  );
}
