import { z } from 'zod';

/**
 * The back office's settings, currency rates and delivery zones (issue 19): what /v1/admin/settings/,
 * /v1/admin/currencies/ and /v1/admin/zones/ answer and accept, and their Spanish messages.
 */

export const ADMIN_SETTINGS_MESSAGES = {
  unknownSetting: 'Ese ajuste no existe.',
  rateInvalid: 'Escribe una tasa mayor que cero, como 40.15 (unidades por 1 US$).',
  rateForDollar: 'El dólar es la moneda base: su tasa es siempre 1.',
  rateOutOfRange: (low: string, high: string) =>
    `Esa tasa se aleja demasiado de la cotización del día: escribe una entre ${low} y ${high}.`,
  unknownCurrency: 'Esa moneda no existe.',
  noOverride: 'Esa moneda no tiene una tasa manual.',
  geojsonShape: 'Sube un GeoJSON de tipo FeatureCollection con polígonos.',
  geojsonEmpty: 'El archivo no tiene zonas.',
  geojsonTooMany: (max: number) => `El archivo tiene más de ${max} zonas.`,
  geojsonTooManyPoints: (max: number) => `El archivo tiene más de ${max} vértices en total.`,
  featureNotPolygon: (n: number) => `La zona ${n} no es un polígono (Polygon).`,
  featureHoles: (n: number) => `La zona ${n} tiene huecos: sube solo su contorno.`,
  featureName: (n: number) => `La zona ${n} no tiene nombre (properties.name, hasta 80 caracteres).`,
  featureKind: (n: number) => `La zona ${n} debe tener kind "service_area" o "meeting_point".`,
  featureNote: (n: number) => `La nota de la zona ${n} tiene más de 300 caracteres.`,
  ringOpen: (n: number) =>
    `El contorno de la zona ${n} no está cerrado: el último punto debe repetir el primero.`,
  ringShort: (n: number) => `La zona ${n} necesita al menos 3 puntos distintos.`,
  ringPoint: (n: number) =>
    `La zona ${n} tiene un punto que no es [longitud, latitud] en grados (el orden de GeoJSON).`,
  outsideUruguay: (n: number) =>
    `La zona ${n} tiene puntos fuera de Uruguay (¿latitud y longitud al revés?).`,
  oneServiceArea: 'Sube exactamente un área de servicio (kind "service_area").',
  invalidJson: 'El archivo no es un JSON válido.',
} as const;

export const SETTING_KINDS = [
  'money',
  'percent',
  'integer',
  'epoch',
  'text',
  'email',
  'whatsapp',
  'countries',
] as const;

export const adminSettingSchema = z.object({
  key: z.string(),
  label: z.string(),
  description: z.string(),
  /** The heading it is shown under (SETTING_GROUPS) and its Spanish name. */
  group: z.string(),
  group_label: z.string(),
  type: z.enum(SETTING_KINDS),
  /** As stored and normalised ('80.00', '3', 'CO,CL,PE', seconds since 1970 for a date). */
  value: z.string(),
  default: z.string(),
  /** Part of the public settings the shop reads. */
  public: z.boolean(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type AdminSetting = z.infer<typeof adminSettingSchema>;

export const adminSettingListSchema = z.object({ results: z.array(adminSettingSchema) });

export const settingKeyParamsSchema = z.object({ key: z.string().max(80) });

export const settingUpdateInputSchema = z.object({
  value: z.string({ error: 'Escribe un valor.' }).max(500, 'Escribe como máximo 500 caracteres.'),
});
export type SettingUpdateInput = z.infer<typeof settingUpdateInputSchema>;

export const settingChangeSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  /** The operator's e-mail; null when their account was deleted. */
  by: z.string().nullable(),
  before: z.string(),
  after: z.string(),
});
export type SettingChange = z.infer<typeof settingChangeSchema>;

export const settingHistorySchema = z.object({ results: z.array(settingChangeSchema) });

// --- Currency rates ---------------------------------------------------------------------------------------

export const adminCurrencySchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Units per 1 US$ of the newest dated rate set, and its date. */
  rate: z.string(),
  rate_date: z.string(),
  /** An operator's manual rate, in force over the dated one until removed. */
  override: z
    .object({ rate: z.string(), set_at: z.iso.datetime({ offset: true }), set_by: z.string().nullable() })
    .nullable(),
  /** What the shop uses now: the override when there is one, else `rate`. */
  rate_in_force: z.string(),
});
export type AdminCurrency = z.infer<typeof adminCurrencySchema>;

export const adminCurrencyListSchema = z.object({ results: z.array(adminCurrencySchema) });

export const currencyCodeParamsSchema = z.object({ code: z.string().max(8) });

export const rateOverrideInputSchema = z.object({
  rate: z
    .string({ error: ADMIN_SETTINGS_MESSAGES.rateInvalid })
    .trim()
    .transform((value) => value.replace(',', '.'))
    .pipe(
      z
        .string()
        .regex(/^\d{1,10}(\.\d{1,8})?$/, ADMIN_SETTINGS_MESSAGES.rateInvalid)
        .refine((value) => Number(value) > 0, ADMIN_SETTINGS_MESSAGES.rateInvalid),
    ),
});
export type RateOverrideInput = z.input<typeof rateOverrideInputSchema>;

// --- Delivery zones ---------------------------------------------------------------------------------------

export const ZONE_KINDS = ['service_area', 'meeting_point'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];

export const ZONE_LIMITS = { features: 100, pointsTotal: 20_000, nameLength: 80, noteLength: 300 } as const;

export const adminZoneSchema = z.object({
  name: z.string(),
  kind: z.enum(ZONE_KINDS),
  note: z.string(),
  /** The outline as [latitude, longitude] pairs (the gazetteer's order), without repeating the first. */
  polygon: z.array(z.tuple([z.number(), z.number()])),
});
export type AdminZone = z.infer<typeof adminZoneSchema>;

export const adminZoneListSchema = z.object({
  /** 'uploaded' by an operator, else the built-in 'gazetteer' zones. */
  source: z.enum(['uploaded', 'gazetteer']),
  zones: z.array(adminZoneSchema),
});
export type AdminZoneList = z.infer<typeof adminZoneListSchema>;

/**
 * The upload as it arrives: only its outer shape is checked here (an object); the server's zone rules read the
 * FeatureCollection feature by feature, so each refusal names the zone it is about.
 */
export const zoneUploadInputSchema = z.record(z.string(), z.unknown());
