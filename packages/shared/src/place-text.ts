/**
 * A city and its department as one line, said once when they share a name (issue 31: 'Montevideo,
 * Montevideo' read as a typo in the back office): 'Montevideo', 'Las Piedras, Canelones'.
 */
export function cityAndStateText(city: string, state: string | null | undefined): string {
  const parts = [city, state ?? ''].map((part) => part.trim()).filter(Boolean);
  return parts.filter((part, index) => parts.indexOf(part) === index).join(', ');
}
