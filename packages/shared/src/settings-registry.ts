import { z } from 'zod';
import { GO_LIVE_ITEMS } from './go-live.ts';
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

/** Who may edit a setting: `PUT /v1/admin/settings/:key/` requires admin:manage (issue 19) for every key. */
export type SettingEditPermission = 'settings:write';

/** How an operator types the value (issue 19): the editor's control and the rules of `checkSettingInput`. */
export type SettingKind =
  | 'money'
  | 'percent'
  | 'integer'
  | 'epoch'
  | 'text'
  | 'email'
  | 'whatsapp'
  | 'countries';

/** The operators' screen groups the settings under these headings. */
export const SETTING_GROUPS = {
  shipping: 'Envíos',
  banner: 'Promoción del encabezado',
  support: 'Soporte',
  payments: 'Pagos y topes',
  stores: 'Tiendas',
  referrals: 'Referidos',
  bank: 'Cuenta que recibe transferencias',
  privacy: 'Datos personales',
} as const;
export type SettingGroup = keyof typeof SETTING_GROUPS;

export interface SettingDefinition<T> {
  /** Reads the stored text (the table holds text) into the typed value; a failure falls back to `default`. */
  schema: z.ZodType<T, string>;
  /** The field's name on the operators' screen. */
  label: string;
  kind: SettingKind;
  group: SettingGroup;
  /** Inclusive limits an operator's value must keep (money in US$, percent, integers); none for text. */
  bounds?: { min: number; max: number };
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
  // At most 9 integer digits: parseMoney throws past a safe integer of cents (and the editor allows 7).
  .regex(/^\d{1,9}(\.\d{1,8})?$/)
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

/** 'owner, products' → ['owner', 'products']: the go-live items an operator keeps; unknown words are refused. */
const goLiveItemList = z
  .string()
  .transform((value) => value.split(',').map((item) => item.trim().toLowerCase()))
  .pipe(z.array(z.enum(GO_LIVE_ITEMS)).min(1))
  .transform((items) => [...new Set(items)]);

/** Keeps each entry's `public` flag as a literal, so the public keys are known to the compiler too. */
function define<T, P extends boolean>(
  definition: SettingDefinition<T> & { public: P },
): SettingDefinition<T> & { public: P } {
  return definition;
}

const OPERATORS: SettingEditPermission = 'settings:write';

export const SETTINGS_REGISTRY = {
  free_shipping_threshold: define({
    label: 'Envío gratis desde',
    kind: 'money',
    group: 'shipping',
    bounds: { min: 0, max: 1000 },
    schema: usdAmount,
    default: '80.00',
    public: true,
    editableBy: OPERATORS,
    description: 'Envío gratis desde este subtotal (US$).',
  }),
  shipping_fee_in_city: define({
    label: 'Envío de una tienda en la ciudad de entrega',
    kind: 'money',
    group: 'shipping',
    bounds: { min: 0, max: 50 },
    schema: usdAmount,
    default: '2.99',
    public: true,
    editableBy: OPERATORS,
    description: 'Lo que cobra cada tienda de la misma ciudad que la entrega (US$).',
  }),
  shipping_fee_outside_city: define({
    label: 'Envío de una tienda de otra ciudad',
    kind: 'money',
    group: 'shipping',
    bounds: { min: 0, max: 50 },
    schema: usdAmount,
    default: '4.99',
    public: true,
    editableBy: OPERATORS,
    description: 'Lo que cobra cada tienda de fuera de la ciudad de entrega (US$).',
  }),
  header_banner_text: define({
    label: 'Texto de la promoción',
    kind: 'text',
    group: 'banner',
    schema: z.string().trim().min(1).max(120),
    default: 'Ofertas de la semana en tiendas seleccionadas.',
    public: true,
    editableBy: OPERATORS,
    description: 'La frase del encabezado, antes de la cuenta regresiva.',
  }),
  header_banner_end_at: define({
    label: 'Fin de la promoción',
    kind: 'epoch',
    group: 'banner',
    schema: epochSeconds,
    default: 0,
    public: true,
    editableBy: OPERATORS,
    description: 'Fin de la promoción del encabezado (segundos desde 1970; 0: sin promoción).',
  }),
  referral_invitee_reward: define({
    label: 'Crédito de bienvenida del invitado',
    kind: 'money',
    group: 'referrals',
    bounds: { min: 0, max: 100 },
    schema: usdAmount,
    default: '5.00',
    public: true,
    editableBy: OPERATORS,
    description: 'Crédito de bienvenida del invitado (US$).',
  }),
  referral_inviter_reward: define({
    label: 'Premio de quien invita',
    kind: 'money',
    group: 'referrals',
    bounds: { min: 0, max: 100 },
    schema: usdAmount,
    default: '5.00',
    public: true,
    editableBy: OPERATORS,
    description: 'Premio de quien invita (US$).',
  }),
  referral_minimum_purchase: define({
    label: 'Compra mínima del invitado',
    kind: 'money',
    group: 'referrals',
    bounds: { min: 0, max: 1000 },
    schema: usdAmount,
    default: '50.00',
    public: true,
    editableBy: OPERATORS,
    description: 'Compra mínima de la primera orden del invitado (US$).',
  }),
  support_whatsapp_number: define({
    label: 'WhatsApp de soporte',
    kind: 'whatsapp',
    group: 'support',
    schema: whatsappNumber,
    default: SUPPORT_WHATSAPP_NUMBER,
    public: true,
    editableBy: OPERATORS,
    description: 'WhatsApp de soporte, con código de país.',
  }),
  support_email: define({
    label: 'Correo de soporte',
    kind: 'email',
    group: 'support',
    schema: email,
    default: SUPPORT_EMAIL,
    public: true,
    editableBy: OPERATORS,
    description: 'Correo de soporte (spec §8: a él se reportan los errores).',
  }),
  support_hours: define({
    label: 'Horario de soporte',
    kind: 'text',
    group: 'support',
    schema: oneLine,
    default: SUPPORT_HOURS,
    public: true,
    editableBy: OPERATORS,
    description: 'Horario de soporte, tras «Atendemos de …».',
  }),
  manual_payment_countries: define({
    label: 'Países con transferencia o depósito',
    kind: 'countries',
    group: 'payments',
    schema: countryList,
    default: ['CO', 'CL', 'PE'],
    public: false,
    editableBy: OPERATORS,
    description: 'Países (del teléfono de la cuenta) que pueden pagar por transferencia o depósito.',
  }),
  manual_payment_days: define({
    label: 'Plazo para pagar una transferencia (días)',
    kind: 'integer',
    group: 'payments',
    bounds: { min: 1, max: 30 },
    schema: positiveInteger,
    default: 3,
    public: false,
    editableBy: OPERATORS,
    description: 'Días que un pedido por transferencia o depósito espera el pago.',
  }),
  unpaid_orders_max_total: define({
    label: 'Tope de pedidos sin pagar',
    kind: 'money',
    group: 'payments',
    bounds: { min: 1, max: 10000 },
    schema: usdAmount,
    default: '300.00',
    public: false,
    editableBy: OPERATORS,
    description: 'Valor máximo (US$) de los pedidos sin pagar de una cuenta (transferencia o depósito).',
  }),
  unpaid_orders_max_units_per_product: define({
    label: 'Tope de unidades sin pagar por producto',
    kind: 'integer',
    group: 'payments',
    bounds: { min: 1, max: 1000 },
    schema: positiveInteger,
    default: 10,
    public: false,
    editableBy: OPERATORS,
    description: 'Unidades máximas de un producto en los pedidos sin pagar de una cuenta.',
  }),
  phone_country_change_wait_days: define({
    label: 'Espera tras cambiar el país del teléfono (días)',
    kind: 'integer',
    group: 'payments',
    bounds: { min: 1, max: 365 },
    schema: positiveInteger,
    default: 7,
    public: false,
    editableBy: OPERATORS,
    description: 'Días tras cambiar el país del teléfono en que no se ofrecen transferencias ni depósitos.',
  }),
  personal_data_retention_days: define({
    label: 'Días que se guardan los datos de entrega',
    kind: 'integer',
    group: 'privacy',
    // At least a month: a complaint about a delivery needs its photo; at most ten years.
    bounds: { min: 30, max: 3650 },
    schema: positiveInteger,
    default: 90,
    // /privacidad quotes it, so the policy states the figure the sweep applies (issue 32).
    public: true,
    editableBy: OPERATORS,
    description:
      'Días tras la entrega en que se borran la foto de entrega, los mensajes de entrega y los teléfonos de quien recibe.',
  }),
  default_commission_rate: define({
    label: 'Comisión de una tienda nueva (%)',
    kind: 'percent',
    group: 'stores',
    bounds: { min: 0, max: 50 },
    schema: z
      .string()
      .trim()
      .regex(/^\d{1,9}(\.\d{1,8})?$/)
      .transform((value) => formatMinorAsDecimal(parseMoney(value)))
      .refine((value) => Number(value) <= 100),
    default: '10.00',
    public: false,
    editableBy: OPERATORS,
    description: 'La comisión con la que empieza una tienda aprobada; luego se cambia por tienda.',
  }),
  go_live_checks: define({
    label: 'Lista para publicar una tienda',
    kind: 'text',
    group: 'stores',
    schema: goLiveItemList,
    default: [...GO_LIVE_ITEMS],
    public: false,
    editableBy: OPERATORS,
    description:
      'Lo que una tienda aprobada necesita antes de publicarse, separado por comas: owner (el dueño aceptó la invitación), products, hours, phone, payout (cuenta de cobro).',
  }),
  go_live_min_products: define({
    label: 'Productos con foto y precio para publicar',
    kind: 'integer',
    group: 'stores',
    bounds: { min: 1, max: 500 },
    schema: positiveInteger,
    default: 5,
    public: false,
    editableBy: OPERATORS,
    description:
      'Cuántos productos a la venta, cada uno con foto y precio, necesita una tienda para publicarse.',
  }),
  unaccepted_alert_minutes: define({
    label: 'Aviso de pedido sin aceptar (minutos)',
    kind: 'integer',
    group: 'stores',
    bounds: { min: 2, max: 240 },
    schema: positiveInteger,
    default: 10,
    public: false,
    editableBy: OPERATORS,
    description:
      'Minutos que un pedido pagado puede esperar sin que la tienda lo acepte: entonces avisamos de nuevo al equipo de la tienda y los operadores lo ven «sin aceptar».',
  }),
  bank_account_bank_name: define({
    label: 'Banco',
    kind: 'text',
    group: 'bank',
    schema: oneLine,
    default: 'Banco de Prueba N.A. (demo)',
    public: false,
    editableBy: OPERATORS,
    description: 'Banco de la cuenta que recibe transferencias.',
  }),
  bank_account_holder: define({
    label: 'Titular',
    kind: 'text',
    group: 'bank',
    schema: oneLine,
    default: 'Mandado Marketplace LLC',
    public: false,
    editableBy: OPERATORS,
    description: 'Titular de la cuenta.',
  }),
  bank_account_number: define({
    label: 'Número de cuenta',
    kind: 'text',
    group: 'bank',
    schema: oneLine,
    default: '000123456789',
    public: false,
    editableBy: OPERATORS,
    description: 'Número de cuenta.',
  }),
  bank_account_routing_number: define({
    label: 'Routing number',
    kind: 'text',
    group: 'bank',
    schema: oneLine,
    default: '021000021',
    public: false,
    editableBy: OPERATORS,
    description: 'Número de ruta del banco en EE. UU. (ABA).',
  }),
  bank_account_swift: define({
    label: 'SWIFT',
    kind: 'text',
    group: 'bank',
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

/** The text a value is stored as (the table holds text): lists joined by commas, numbers in decimal. */
export function settingText(value: string | number | readonly string[]): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

export const SETTING_INPUT_MESSAGES = {
  money: 'Escribe un monto en dólares, como 80 o 80.50.',
  percent: 'Escribe un porcentaje, como 10 o 12.5.',
  integer: 'Escribe un número entero.',
  epoch: 'Escribe una fecha y hora válidas.',
  text: 'Escribe un texto de una línea.',
  textTooLong: (max: number) => `Escribe como máximo ${max} caracteres.`,
  email: 'Escribe un correo electrónico válido.',
  whatsapp: 'Escribe el número con el código de país (de 8 a 15 dígitos), como +598 91 000 000.',
  countries: 'Escribe códigos de país de dos letras separados por comas, como CO, CL, PE.',
  between: (min: string, max: string) => `Debe estar entre ${min} y ${max}.`,
} as const;

const MAX_TEXT_LENGTH: Partial<Record<SettingKey, number>> = { header_banner_text: 120 };

function boundText(kind: SettingKind, value: number): string {
  if (kind === 'money') return `US$ ${value}`;
  if (kind === 'percent') return `${value} %`;
  return String(value);
}

/**
 * An operator's value for `key` (issue 19), checked by the key's own rules before anything is stored: the
 * normalised text to store, or the reason in Spanish. Stricter than reading (`settingValue`), which falls back
 * to the default: an editor must refuse a typo rather than let it silently become the default (decision 038).
 */
export function checkSettingInput(
  key: SettingKey,
  raw: string,
): { ok: true; stored: string } | { ok: false; reason: string } {
  const definition = SETTINGS_REGISTRY[key] as SettingDefinition<string | number | readonly string[]>;
  const input = raw.trim();
  const refuse = (reason: string) => ({ ok: false as const, reason });
  switch (definition.kind) {
    case 'money':
    case 'percent':
      if (!/^\d{1,7}([.,]\d{1,2})?$/.test(input)) return refuse(SETTING_INPUT_MESSAGES[definition.kind]);
      break;
    case 'integer':
    case 'epoch':
      if (!/^\d{1,12}$/.test(input)) return refuse(SETTING_INPUT_MESSAGES[definition.kind]);
      break;
    case 'text': {
      if (input.length === 0 || /[\r\n]/.test(input)) return refuse(SETTING_INPUT_MESSAGES.text);
      const max = MAX_TEXT_LENGTH[key] ?? 200;
      if (input.length > max) return refuse(SETTING_INPUT_MESSAGES.textTooLong(max));
      break;
    }
    case 'countries': {
      const entries = input === '' ? [] : input.split(',').map((entry) => entry.trim());
      if (entries.some((entry) => !/^[A-Za-z]{2}$/.test(entry)))
        return refuse(SETTING_INPUT_MESSAGES.countries);
      break;
    }
    case 'email':
    case 'whatsapp':
      break;
  }
  // A decimal comma ('80,50') is how many people here type an amount.
  const numeric = definition.kind === 'money' || definition.kind === 'percent';
  const text = numeric ? input.replace(',', '.') : input;
  const bounds = definition.bounds;
  // The bounds first: '0 days' reads as "between 1 and 30", not as "not a number".
  if (bounds && !(Number(text) >= bounds.min && Number(text) <= bounds.max)) {
    return refuse(
      SETTING_INPUT_MESSAGES.between(
        boundText(definition.kind, bounds.min),
        boundText(definition.kind, bounds.max),
      ),
    );
  }
  const parsed = definition.schema.safeParse(text);
  if (!parsed.success)
    return refuse(SETTING_INPUT_MESSAGES[definition.kind === 'text' ? 'text' : definition.kind]);
  return { ok: true, stored: settingText(parsed.data) };
}
