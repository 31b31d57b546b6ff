import { IconSvg } from '@mandado/web-kit/icons.tsx';

/** A gift: the phone bar's referral button while the credit is 0, and the 'Invita y gana' entries. */
export function GiftIcon({ size = 20 }: { size?: number }) {
  return (
    <IconSvg size={size}>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M5 12v9h14v-9M12 8v13" />
      <path d="M12 8c-1.5-3-5-4-5.5-1.5S10 8 12 8c2 0 6-1 5.5-1.5S13.5 5 12 8z" />
    </IconSvg>
  );
}
