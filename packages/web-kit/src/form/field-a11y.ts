/**
 * The two helpers every input uses for its error, apart from the rest of the kit: the address popup opens on a
 * browse page's first load and must not bring the form kit's chunk (react-hook-form glue, the phone input).
 */

/** Error id convention: the message under a field is `${fieldId}-error`. */
export function errorId(fieldId: string): string {
  return `${fieldId}-error`;
}

/** What every input needs for its error: the danger style, aria-invalid and the link to the message. */
export function invalidProps(fieldId: string, message: string | undefined, extraDescribedBy?: string) {
  const describedBy = [message ? errorId(fieldId) : undefined, extraDescribedBy].filter(Boolean).join(' ');
  return {
    id: fieldId,
    className: message ? 'input input--invalid' : 'input',
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}
