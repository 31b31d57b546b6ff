/**
 * Spec §4 Quantity field: minimum 1; a non-empty value changes the count as it is typed; Enter confirms; a 0
 * or blank value removes the line when the field is left (or confirmed). Anything else puts the count back.
 */
export type QuantityOutcome = { kind: 'set'; count: number } | { kind: 'remove' } | { kind: 'keep' };

function parse(raw: string): number | null | 'blank' {
  const text = raw.trim();
  if (text === '') return 'blank';
  return /^\d{1,6}$/.test(text) ? Number(text) : null;
}

/** While typing: only a count of 1 or more applies at once; 0 and blank wait for the field to be left. */
export function quantityOnInput(raw: string): QuantityOutcome {
  const value = parse(raw);
  return typeof value === 'number' && value >= 1 ? { kind: 'set', count: value } : { kind: 'keep' };
}

/** On leaving the field or pressing Enter. */
export function quantityOnCommit(raw: string): QuantityOutcome {
  const value = parse(raw);
  if (value === 'blank' || value === 0) return { kind: 'remove' };
  return value === null ? { kind: 'keep' } : { kind: 'set', count: value };
}
