import { GEO_SEARCH_LIMIT } from '@mandado/shared/geo.schemas';
import { foldText } from '@mandado/shared/text-fold';
import { BARRIOS } from './gazetteer/barrios.data.ts';
import type { LatLng } from './gazetteer/gazetteer.types.ts';
import { STREETS } from './gazetteer/streets.data.ts';
import type { Geocoder } from './geocoder.ts';

const CITY = 'Montevideo';

/** Spelled-out words people type for the abbreviations the gazetteer uses, folded. */
const ABBREVIATIONS: Record<string, string> = {
  avenida: 'av',
  avda: 'av',
  bulevar: 'bv',
  boulevard: 'bv',
  bulevard: 'bv',
  blvd: 'bv',
  general: 'gral',
  doctor: 'dr',
  cno: 'camino',
  septiembre: 'setiembre',
};
/** Kinds of way and filler words: they may be typed or not, so they never decide a match. */
const OPTIONAL_WORDS = new Set([
  'av',
  'bv',
  'calle',
  'gral',
  'dr',
  'de',
  'del',
  'la',
  'las',
  'los',
  'el',
  'y',
]);
/** Words that only repeat where we already are. */
const PLACE_WORDS = new Set(['montevideo', 'mvd', 'uruguay', 'esq', 'esquina']);

/** Folded words: accents, case and punctuation gone, abbreviations unified. */
export function addressWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => ABBREVIATIONS[word] ?? word);
}

interface Entry {
  label: string;
  point: LatLng;
  /** One word list per spelling (the name and its aliases). */
  spellings: string[][];
  /** Streets rank before barrios at an equal score: a typed address is usually a street. */
  kind: 'street' | 'barrio';
}

const ENTRIES: readonly Entry[] = [
  ...STREETS.map(
    (street): Entry => ({
      label: `${street.name}, ${CITY}`,
      point: street.point,
      spellings: [street.name, ...(street.aliases ?? [])].map(addressWords),
      kind: 'street',
    }),
  ),
  ...BARRIOS.map(
    (barrio): Entry => ({
      label: `${barrio.name}, ${CITY}`,
      point: barrio.point,
      spellings: [addressWords(barrio.name)],
      kind: 'barrio',
    }),
  ),
];

/**
 * How well the typed words match one spelling, or null for no match. Every significant word typed must
 * begin a word of the name ('ital' → 'italia'); a number that is not part of the name is a house number
 * and is ignored ('Av. Italia 2500'), while one that is ('18 de Julio') must match. Higher is better:
 * whole words beat prefixes, and a name fully typed beats one with words left over.
 */
function scoreSpelling(typed: readonly string[], name: readonly string[]): number | null {
  let score = 0;
  let significant = 0;
  for (const word of typed) {
    if (PLACE_WORDS.has(word)) continue;
    if (/^\d+$/.test(word)) {
      if (name.includes(word)) {
        score += 3;
        significant++;
      }
      continue;
    }
    if (name.includes(word)) {
      score += OPTIONAL_WORDS.has(word) ? 0 : 3;
      if (!OPTIONAL_WORDS.has(word)) significant++;
      continue;
    }
    if (OPTIONAL_WORDS.has(word)) continue;
    if (!name.some((candidate) => candidate.startsWith(word))) return null;
    score += 2;
    significant++;
  }
  if (significant === 0) return null;
  const nameSignificant = name.filter((word) => !OPTIONAL_WORDS.has(word)).length;
  return score - Math.max(0, nameSignificant - significant) * 0.5;
}

function haversineKm(a: LatLng, b: LatLng): number {
  const radians = Math.PI / 180;
  const dLat = (b[0] - a[0]) * radians;
  const dLon = (b[1] - a[1]) * radians;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * radians) * Math.cos(b[0] * radians) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

function nearest<T extends { point: LatLng }>(
  items: readonly T[],
  point: LatLng,
): { item: T; km: number } | null {
  let best: { item: T; km: number } | null = null;
  for (const item of items) {
    const km = haversineKm(item.point, point);
    if (!best || km < best.km) best = { item, km };
  }
  return best;
}

/** A street's point this close to the pin names it: about a block and a half. */
const STREET_NEAR_KM = 0.2;
/** Beyond this from every barrio centroid the gazetteer has nothing to say (Canelones, the river, the rest of Uruguay). */
const BARRIO_NEAR_KM = 3;

/** Offline geocoding over the gazetteer kept in the repository (decision 019). */
export function createEmbeddedGeocoder(): Geocoder {
  return {
    async search(query) {
      const typed = addressWords(query);
      const scored: { entry: Entry; score: number }[] = [];
      for (const entry of ENTRIES) {
        let best: number | null = null;
        for (const spelling of entry.spellings) {
          const score = scoreSpelling(typed, spelling);
          if (score !== null && (best === null || score > best)) best = score;
        }
        if (best !== null) scored.push({ entry, score: best });
      }
      scored.sort(
        (a, b) =>
          b.score - a.score ||
          Number(a.entry.kind === 'barrio') - Number(b.entry.kind === 'barrio') ||
          a.entry.label.localeCompare(b.entry.label, 'es'),
      );
      return scored.slice(0, GEO_SEARCH_LIMIT).map(({ entry }) => ({
        label: entry.label,
        latitude: entry.point[0],
        longitude: entry.point[1],
      }));
    },

    async reverse(latitude, longitude) {
      const point: LatLng = [latitude, longitude];
      const barrio = nearest(BARRIOS, point);
      if (!barrio || barrio.km > BARRIO_NEAR_KM) return null;
      const street = nearest(STREETS, point);
      const label =
        street && street.km <= STREET_NEAR_KM
          ? `${street.item.name}, ${street.item.barrio}, ${CITY}`
          : `${barrio.item.name}, ${CITY}`;
      return { label, latitude, longitude };
    },
  };
}
