import { MESSAGES } from '@mandado/shared/messages';
import { failureMessage } from '@mandado/web-kit/failure-text.ts';
import { apiFieldErrors } from '@mandado/web-kit/form/api-form-errors.ts';

export interface ApplicationFailure<Field extends string> {
  /** The server's 400 messages for fields the form shows, to put under them. */
  fields: ReadonlyArray<readonly [Field, string]>;
  /** What to say above the button: a 409's or 429's reason, no connection, or a message no field can show. */
  alert: string | undefined;
}

/**
 * Splits a failed application into field messages and the one alert above the button. An answer whose
 * messages all land under fields needs no alert; anything else always says something, so a failure is never
 * silent (a 500 says 'Algo salió mal').
 */
export function applicationFailure<Field extends string>(
  error: unknown,
  formFields: ReadonlySet<Field>,
): ApplicationFailure<Field> {
  const fields: [Field, string][] = [];
  let unplaced: string | undefined;
  for (const [field, message] of Object.entries(apiFieldErrors(error))) {
    if (formFields.has(field as Field)) fields.push([field as Field, message]);
    else unplaced ??= message;
  }
  const alert = failureMessage(error) ?? unplaced ?? (fields.length === 0 ? MESSAGES.serverError : undefined);
  return { fields, alert };
}
