import { z } from 'zod';
import { formatMinorAsDecimal, parseMoney } from './money.ts';
import { SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_WHATSAPP_NUMBER } from './support-contact.ts';

/**
 * The one list of the shop's settings (decision 038): each key of the `settings` table with the zod schema
 * that reads its stored text into a typed value, the default used when the row is absent or unreadable,
 * whether the public settings (whoami's `settings`, read by the web app) carry it, and the permission that
 * will let an operator edit it. The API's settings service resolves values only through this table, the
 * public settings are derived from it, and e-mails and pages quote the support contact from it, so one key
 * never reads three different ways.
 */

/** Who may edit a setting. No route edits settings yet; an operator screen will require this permission. */
export type SettingEditPermission = 'settings:write';

export interface SettingDefinition<T> {
  /** Reads the stored text (the table holds text) into the typed value; a failure falls back to `default`. */
  schema: z.ZodType<T, string>;
  default: T;
  /** Part of the public settings every visitor receives. Never true for anything private (bank details). */
  public: boolean;
  editableBy: SettingEditPermission;
  /** What it is, for the operators' screen and for whoever reads this file. */
  description: string;
}

/** A non-negative US$ amount, normalised to "80.00" (the API's decimal strings). */
const usdAmount = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/)
  .transform((value) => formatMinorAsDecimal(parseMoney(value)));

const positiveInteger = z.string().trim().regex(/^\d+$/).transform(Number).pipe(z.number().int().positive());

const epochSeconds = z.string().trim().regex(/^\d+$/).transform(Number).pipe(z.number().int());

/** Digits only, country code first, as wa.me wants it ('+598 91 000 000' → '59891000000'). */
const whatsappNumber = z
  .string()
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(z.string().min(8).max(15));

const email = z.string().trim().pipe(z.email());

const oneLine = z.string().trim().min(1).max(200);

/** 'CO, cl,PE' → ['CO', 'CL', 'PE']; entries that are not two letters are dropped. */
const countryList = z.string().transform((value) =>
  value
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => /^[A-Z]{2}$/.test(code)),
);

/** Keeps each entry's `public` flag as a literal, so the public keys are known to the compiler too. */
function define<T, P extends boolean>(
  definition: SettingDefinition<T> & { public: P },
): SettingDefinition<T> & { public: P } {
  return definition;
}

const OPERATORS: SettingEditPermission = 'settings:write';

export const SETTINGS_REGISTRY = {
  free_shipping_threshold: define({
    schema: usdAmount,
    default: '80.00',
    public: true,
    editableBy: OPERATORS,
    description: 'Envío gratis desde este subtotal (US$).',
  }),
  header_banner_end_at: define({
    schema: epochSeconds,
    default: 0,
    public: true,
    editableBy: OPERATORS,
    description: 'Fin de la promoción del encabezado (segundos desde 1970; 0: sin promoción).',
  }),
  referral_invitee_reward: define({
    schema: usdAmount,
    default: '5.00',
    public: true,
    editableBy: OPERATORS,
    description: 'Crédito de bienvenida del invitado (US$).',
  }),
  referral_inviter_reward: define({
    schema: usdAmount,
    default: '5.00',
    public: true,
    editableBy: OPERATORS,
    description: 'Premio de quien invita (US$).',
  }),
  referral_minimum_purchase: define({
    schema: usdAmount,
    default: '50.00',
    public: true,
    editableBy: OPERATORS,
    description: 'Compra mínima de la primera orden del invitado (US$).',
  }),
  support_whatsapp_number: define({
    schema: whatsappNumber,
    default: SUPPORT_WHATSAPP_NUMBER,
    public: true,
    editableBy: OPERATORS,
    description: 'WhatsApp de soporte, con código de país.',
  }),
  support_email: define({
    schema: email,
    default: SUPPORT_EMAIL,
    public: true,
    editableBy: OPERATORS,
    description: 'Correo de soporte (spec §8: a él se reportan los errores).',
  }),
  support_hours: define({
    schema: oneLine,
    default: SUPPORT_HOURS,
    public: true,
    editableBy: OPERATORS,
    description: 'Horario de soporte, tras «Atendemos de …».',
  }),
  manual_payment_countries: define({
    schema: countryList,
    default: ['CO', 'CL', 'PE'],
    public: false,
    editableBy: OPERATORS,
    description: 'Países (del teléfono de la cuenta) que pueden pagar por transferencia o depósito.',
  }),
  manual_payment_days: define({
    schema: positiveInteger,
    default: 3,
    public: false,
    editableBy: OPERATORS,
    description: 'Días que un pedido por transferencia o depósito espera el pago.',
  }),
  unpaid_orders_max_total: define({
    schema: usdAmount,
    default: '300.00',
    public: false,
    editableBy: OPERATORS,
    description: 'Valor máximo (US$) de los pedidos sin pagar de una cuenta (transferencia o depósito).',
  }),
  unpaid_orders_max_units_per_product: define({
    schema: positiveInteger,
    default: 10,
    public: false,
    editableBy: OPERATORS,
    description: 'Unidades máximas de un producto en los pedidos sin pagar de una cuenta.',
  }),
  phone_country_change_wait_days: define({
    schema: positiveInteger,
    default: 7,
    public: false,
    editableBy: OPERATORS,
    description: 'Días tras cambiar el país del teléfono en que no se ofrecen transferencias ni depósitos.',
  }),
  bank_account_bank_name: define({
    schema: oneLine,
    default: 'Banco de Prueba N.A. (demo)',
    public: false,
    editableBy: OPERATORS,
    description: 'Banco de la cuenta que recibe transferencias.',
  }),
  bank_account_holder: define({
    schema: oneLine,
    default: 'Mandado Marketplace LLC',
    public: false,
    editableBy: OPERATORS,
    description: 'Titular de la cuenta.',
  }),
  bank_account_number: define({
    schema: oneLine,
    default: '000123456789',
    public: false,
    editableBy: OPERATORS,
    description: 'Número de cuenta.',
  }),
  bank_account_routing_number: define({
    schema: oneLine,
    default: '021000021',
    public: false,
    editableBy: OPERATORS,
    description: 'Routing number (ABA).',
  }),
  bank_account_swift: define({
    schema: oneLine,
    default: 'DEMOUS33',
    public: false,
    editableBy: OPERATORS,
    description: 'Código SWIFT.',
  }),
} as const;

type Registry = typeof SETTINGS_REGISTRY;
export type SettingKey = keyof Registry;
export type SettingValue<K extends SettingKey> = Registry[K]['default'];

/** Every setting, typed, with defaults in place. */
export type ResolvedSettings = { [K in SettingKey]: SettingValue<K> };

export const SETTING_KEYS = Object.keys(SETTINGS_REGISTRY) as SettingKey[];

/** The keys the public settings carry (the `public` flag above). */
export type PublicSettingKey = {
  [K in SettingKey]: Registry[K]['public'] extends true ? K : never;
}[SettingKey];

export const PUBLIC_SETTING_KEYS = SETTING_KEYS.filter(
  (key): key is PublicSettingKey => SETTINGS_REGISTRY[key].public,
);

/** The public part of the settings, derived from the registry (whoami's `settings` add the site's own). */
export function publicSettingValues(resolved: ResolvedSettings): {
  [K in PublicSettingKey]: SettingValue<K>;
} {
  const values: Partial<Record<PublicSettingKey, unknown>> = {};
  for (const key of PUBLIC_SETTING_KEYS) values[key] = resolved[key];
  return values as { [K in PublicSettingKey]: SettingValue<K> };
}

/** One setting from its stored text: the parsed value, or the default when absent or unreadable. */
export function settingValue<K extends SettingKey>(key: K, stored: string | undefined): SettingValue<K> {
  const definition = SETTINGS_REGISTRY[key] as SettingDefinition<SettingValue<K>>;
  if (stored === undefined) return definition.default;
  const parsed = definition.schema.safeParse(stored);
  return parsed.success ? parsed.data : definition.default;
}

/** Every setting from the table's rows (unknown keys are ignored). */
export function resolveSettings(stored: ReadonlyMap<string, string>): ResolvedSettings {
  const resolved: Partial<Record<SettingKey, unknown>> = {};
  for (const key of SETTING_KEYS) resolved[key] = settingValue(key, stored.get(key));
  return resolved as ResolvedSettings;
}

/** Whether a value may be stored under `key` (for the operators' editor and the seed). */
export function isValidSettingValue(key: SettingKey, value: string): boolean {
  return SETTINGS_REGISTRY[key].schema.safeParse(value).success;
}
