/**
 * The house number in what the shopper typed: the first number after the street's first word that is not
 * itself part of a street name ('18 de Julio', '8 de Octubre' are dates), with a letter or 'bis' after it.
 * Null when the typed line has none.
 */
export function typedHouseNumber(typed: string): string | null {
  const line = typed.split(',')[0] ?? '';
  const words = line.trim().split(/\s+/).filter(Boolean);
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index] ?? '';
    const match = /^(\d{1,5})([a-zA-Z]?)$/.exec(word);
    if (!match) continue;
    if ((words[index + 1] ?? '').toLowerCase() === 'de') continue;
    const bis = (words[index + 1] ?? '').toLowerCase() === 'bis' ? ' bis' : '';
    return `${match[1]}${match[2] ?? ''}${bis}`;
  }
  return null;
}

/**
 * A picked suggestion's label with the typed house number kept: geocoders answer the street
 * ('Av. 18 de Julio, Montevideo') and drop '1234', so the courier lost the door. The number goes after the
 * street, before the first comma; a label that already carries that number is kept as it is.
 */
export function withHouseNumber(typed: string, label: string): string {
  const number = typedHouseNumber(typed);
  if (!number) return label;
  const comma = label.indexOf(',');
  const street = comma === -1 ? label : label.slice(0, comma);
  const rest = comma === -1 ? '' : label.slice(comma);
  const digits = number.split(/\D/)[0] ?? number;
  if (new RegExp(`(^|\\D)${digits}(\\D|$)`).test(street.replace(/^\S+/, ''))) return label;
  return `${street.trimEnd()} ${number}${rest}`;
}
