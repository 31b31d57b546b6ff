import { IconSvg } from '@mandado/web-kit/icons.tsx';

export function UserIcon({ size = 20 }: { size?: number }) {
  return (
    <IconSvg size={size}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </IconSvg>
  );
}
