import { z } from 'zod';
import { citySchema } from './catalog.schemas.ts';
import { deliveryZoneSchema } from './geo.schemas.ts';
import { MESSAGES } from './messages.ts';
import { personNameField } from './person-name.schemas.ts';
import {
  formatLandlineMask,
  formatMobileMask,
  isValidUruguayLandline,
  isValidUruguayMobile,
} from './uruguay-phone.ts';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PERSON_NAME_MAX_LENGTH,
  singleLineText,
  singleLineTextProblem,
} from './validation-rules.ts';

/** Spec §3 Beneficiary: the kind of residence, with the labels the form shows. */
export const RESIDENCIES = ['building', 'house', 'floor', 'unit', 'office'] as const;
export type Residency = (typeof RESIDENCIES)[number];
export const RESIDENCY_LABELS: Record<Residency, string> = {
  building: 'Edificio',
  house: 'Casa',
  floor: 'Piso',
  unit: 'Apartamento',
  office: 'Oficina',
};

/**
 * Uruguay's bounding box, a little wider than the land (−34.97…−30.08, −58.44…−53.08) so a point on the
 * coast or the border is never refused; the served city's outline is the finer check (the zone).
 */
export const URUGUAY_BOUNDS = { south: -35.1, north: -30.0, west: -58.5, east: -53.0 } as const;

export const BENEFICIARY_NAME_MAX_LENGTH = PERSON_NAME_MAX_LENGTH;
export const BENEFICIARY_ADDRESS_MAX_LENGTH = 200;
export const BENEFICIARY_NOTES_MAX_LENGTH = 200;
const PHONE_MAX_LENGTH = 40;
/** A remitter keeps at most this many; the list answers them all at once, so it stays bounded. */
export const BENEFICIARIES_MAX = 100;

/** Texts of the beneficiaries feature (the others are the shared §5 messages). */
export const BENEFICIARY_MESSAGES = {
  invalidResidency: 'Elige un tipo de residencia: Edificio, Casa, Piso, Apartamento u Oficina.',
  outsideUruguay: 'La ubicación debe estar en Uruguay.',
  invalidCoordinate: 'Elige la ubicación en el mapa.',
  deleted: 'Dirección eliminada.',
  tooMany: `Puedes guardar hasta ${BENEFICIARIES_MAX} direcciones. Elimina alguna para agregar otra.`,
} as const;

function isMissing(input: unknown): boolean {
  return input === undefined || input === null || input === '';
}

const requiredLine = (max: number) =>
  singleLineText(
    z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, { error: MESSAGES.required, abort: true })
      .max(max, MESSAGES.tooLong(max)),
  );

/**
 * An optional single line ('' when none). `singleLineText` reads '' as "required", so the rule runs only on a
 * value; a value of invisible characters alone is refused rather than stored as something that looks empty.
 */
const optionalLine = (max: number) =>
  z
    .string({ error: MESSAGES.invalidValue })
    .trim()
    .max(max, MESSAGES.tooLong(max))
    .superRefine((value, context) => {
      if (value === '') return;
      const problem = singleLineTextProblem(value);
      if (problem === 'control') context.addIssue({ code: 'custom', message: MESSAGES.singleLineText });
      else if (problem === 'invisible') context.addIssue({ code: 'custom', message: MESSAGES.invalidValue });
    })
    .default('');

/** Spec §5: 'Campo requerido' when empty, 'Ingresa un número válido' when not a mobile in its mask. Stored masked. */
const mobileField = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required, abort: true })
  .max(PHONE_MAX_LENGTH, { error: MESSAGES.invalidPhone, abort: true })
  .refine(isValidUruguayMobile, MESSAGES.invalidPhone)
  .transform(formatMobileMask);

/** The landline is optional (decision 018: many households have none); when given, a landline in its mask. */
const landlineField = z
  .string({ error: MESSAGES.invalidPhone })
  .trim()
  .max(PHONE_MAX_LENGTH, { error: MESSAGES.invalidPhone, abort: true })
  .refine((value) => value === '' || isValidUruguayLandline(value), MESSAGES.invalidPhone)
  .transform((value) => (value === '' ? '' : formatLandlineMask(value)))
  .default('');

/**
 * A map position: required (0 is the form's "no position yet", spec §5), a JSON number, inside Uruguay.
 * Each coordinate is checked on its own so the message lands under the field that is wrong.
 */
function coordinateField(min: number, max: number) {
  return z
    .number({
      error: (issue) => (isMissing(issue.input) ? MESSAGES.required : BENEFICIARY_MESSAGES.invalidCoordinate),
    })
    .superRefine((value, context) => {
      if (value === 0) context.addIssue({ code: 'custom', message: MESSAGES.required });
      else if (value < min || value > max)
        context.addIssue({ code: 'custom', message: BENEFICIARY_MESSAGES.outsideUruguay });
    });
}

const cityIdField = z
  .number({ error: (issue) => (isMissing(issue.input) ? MESSAGES.required : MESSAGES.invalidValue) })
  .int({ error: MESSAGES.invalidValue })
  .positive({ error: MESSAGES.invalidValue })
  .max(2_147_483_647, MESSAGES.invalidValue);

const residencyField = z.enum(RESIDENCIES, {
  error: (issue) => (isMissing(issue.input) ? MESSAGES.required : BENEFICIARY_MESSAGES.invalidResidency),
});

/** Optional e-mail ('' = none) by the shared e-mail rule. */
const optionalEmailField = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: MESSAGES.tooLong(EMAIL_MAX_LENGTH), abort: true })
  .refine((value) => value === '' || EMAIL_PATTERN.test(value), MESSAGES.invalidEmail)
  .default('');

/**
 * The body of `POST /v1/beneficiaries/` and `PUT /v1/beneficiaries/:beneficiary_id` (spec §3 Beneficiary, §5
 * Address form). The web form validates with this same schema; the server also checks that the city is served.
 */
export const beneficiaryInputSchema = z.object({
  // A person's name (issue 16): the tracking e-mail greets the beneficiary by it.
  first_name: personNameField(),
  last_name: personNameField(),
  address_line1: requiredLine(BENEFICIARY_ADDRESS_MAX_LENGTH),
  city_id: cityIdField,
  mobile_number: mobileField,
  phone_number: landlineField,
  residency: residencyField,
  latitude: coordinateField(URUGUAY_BOUNDS.south, URUGUAY_BOUNDS.north),
  longitude: coordinateField(URUGUAY_BOUNDS.west, URUGUAY_BOUNDS.east),
  email: optionalEmailField,
  delivery_notes: optionalLine(BENEFICIARY_NOTES_MAX_LENGTH),
});
/** What a client sends (optional fields may be left out). */
export type BeneficiaryInput = z.input<typeof beneficiaryInputSchema>;
/** What the server keeps after validation: trimmed, phones in their masks, '' for the optional fields left out. */
export type BeneficiaryValues = z.output<typeof beneficiaryInputSchema>;

/** A saved beneficiary as the API answers it; `beneficiary_id` is a public UUID. */
export const beneficiarySchema = z.object({
  beneficiary_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  address_line1: z.string(),
  city: citySchema,
  country: z.literal('Uruguay'),
  mobile_number: z.string(),
  phone_number: z.string(),
  residency: z.enum(RESIDENCIES),
  latitude: z.number(),
  longitude: z.number(),
  email: z.string(),
  delivery_notes: z.string(),
  zone: deliveryZoneSchema,
});
export type Beneficiary = z.infer<typeof beneficiarySchema>;

/** `GET /v1/beneficiaries/[?city_id=]`: newest first. */
export const beneficiaryListSchema = z.object({ results: z.array(beneficiarySchema) });
export type BeneficiaryList = z.infer<typeof beneficiaryListSchema>;

/** `POST` and `PUT` answers. */
export const beneficiaryDataSchema = z.object({ data: beneficiarySchema });
export type BeneficiaryData = z.infer<typeof beneficiaryDataSchema>;

/** `DELETE` answer. */
export const beneficiaryDeletedSchema = z.object({ detail: z.string() });
