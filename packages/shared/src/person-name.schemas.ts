import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { PERSON_NAME_MAX_LENGTH, personNameProblem, singleLineText } from './validation-rules.ts';

// Apart from validation-rules.ts, which imports zod only as a type: the search box and the e-mail helpers of the
// shop's first load use those rules, and a value import of zod there put zod into the shell chunk.

/**
 * A first or last name in every form that names a person (registration, account details, beneficiaries):
 * required, one line, at most 40 characters, no links, domains or '@'.
 */
export function personNameField() {
  return singleLineText(
    z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, { error: MESSAGES.required, abort: true })
      .max(PERSON_NAME_MAX_LENGTH, MESSAGES.tooLong(PERSON_NAME_MAX_LENGTH)),
  ).refine((value) => personNameProblem(value) !== 'link', MESSAGES.nameWithLink);
}
