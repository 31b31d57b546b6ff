import type { AdminSetting } from '@mandado/shared/admin-settings.schemas';
import { dateTimeText } from '@mandado/shared/date-text';
import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';

/** 'US$ 80' / 'US$ 2,99' (the shared money text); a value that is not a decimal shows as it is. */
function moneyValueText(value: string): string {
  try {
    return usdText(parseMoney(value), { whole: 'short' });
  } catch {
    return value;
  }
}

/** How a stored value reads on the screen: a date for the banner's end, US$ for money, the text otherwise. */
export function settingValueText(setting: Pick<AdminSetting, 'type'>, value: string): string {
  if (setting.type === 'epoch') {
    const seconds = Number(value);
    return seconds > 0 ? dateTimeText(new Date(seconds * 1000).toISOString()) : 'Sin promoción';
  }
  if (setting.type === 'money') return moneyValueText(value);
  if (setting.type === 'percent') return `${value} %`;
  if (setting.type === 'countries') return value === '' ? 'Ninguno' : value.split(',').join(', ');
  return value;
}

/** The limits as a hint ('Entre US$ 0 y US$ 1.000.'), or null without them. */
export function boundsText(setting: Pick<AdminSetting, 'type' | 'min' | 'max'>): string | null {
  if (setting.min === null || setting.max === null) return null;
  const unit = (value: number) =>
    setting.type === 'money'
      ? usdText(Math.round(value * 100), { whole: 'short' })
      : setting.type === 'percent'
        ? `${value} %`
        : String(value);
  return `Entre ${unit(setting.min)} y ${unit(setting.max)}.`;
}

/** Seconds since 1970 → the value of an <input type="datetime-local"> in the browser's time zone. */
export function epochToLocalInput(value: string): string {
  const seconds = Number(value);
  if (!(seconds > 0)) return '';
  const date = new Date(seconds * 1000);
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The datetime-local value back to seconds since 1970 ('0' when emptied: no promotion). */
export function localInputToEpoch(value: string): string {
  if (value === '') return '0';
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? 'x' : String(Math.floor(time / 1000));
}
