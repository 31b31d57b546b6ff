import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import {
  PERSON_NAME_MAX_LENGTH,
  personNameProblem,
  singleLineText,
  singleLineTextProblem,
} from './validation-rules.ts';

// Apart from validation-rules.ts, which imports zod only as a type: the search box and the e-mail helpers of the
// shop's first load use those rules, and a value import of zod there put zod into the shell chunk.

/**
 * A first or last name in every form that names a person (registration, account details, beneficiaries,
 * store applications): required, one line, at most 40 characters, normalised with NFKC, and made only of
 * letters of any script, combining marks, spaces, apostrophes, hyphens and the dot of an initial (issue 27).
 * A link or domain keeps its own message; anything else outside the allowlist says what a name may hold.
 */
export function personNameField() {
  return singleLineText(
    z
      .string({ error: MESSAGES.required })
      .normalize('NFKC')
      .trim()
      .min(1, { error: MESSAGES.required, abort: true })
      .max(PERSON_NAME_MAX_LENGTH, MESSAGES.tooLong(PERSON_NAME_MAX_LENGTH)),
  ).superRefine((value, context) => {
    // A control or an invisible-only value already has singleLineText's message.
    if (singleLineTextProblem(value) !== null) return;
    const problem = personNameProblem(value);
    if (problem === 'link') context.addIssue({ code: 'custom', message: MESSAGES.nameWithLink });
    else if (problem === 'characters') context.addIssue({ code: 'custom', message: MESSAGES.nameCharacters });
  });
}
