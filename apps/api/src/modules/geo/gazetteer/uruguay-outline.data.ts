import type { Polygon } from './gazetteer.types.ts';

/**
 * A coarse outline of Uruguay, a few kilometres generous (vertices sit in the rivers and the sea), drawn by
 * hand: only to keep a geocoder's stray answer out of the suggestions. A bounding box is not enough here:
 * Buenos Aires (−34.60, −58.38) lies inside Uruguay's box.
 */
export const URUGUAY_OUTLINE: Polygon = [
  [-30.08, -57.65], // Bella Unión, the triple border on the Cuareim
  [-30.6, -57.9],
  [-31.38, -58.05], // Salto, on the Río Uruguay
  [-32.32, -58.15], // Paysandú
  [-33.12, -58.38], // Fray Bentos
  [-33.9, -58.5], // Nueva Palmira, Punta Gorda
  [-34.25, -58.15],
  [-34.5, -57.85], // Colonia del Sacramento
  [-34.8, -57.0],
  [-34.95, -56.6], // coast of San José
  [-35.0, -56.15], // off Montevideo
  [-35.05, -55.0], // Punta del Este
  [-34.75, -54.1], // La Paloma
  [-34.0, -53.45],
  [-33.78, -53.3], // Barra del Chuy
  [-33.55, -53.35],
  [-32.6, -53.15], // Río Yaguarón, Laguna Merín
  [-32.45, -53.3],
  [-31.85, -54.1], // Aceguá
  [-31.35, -54.95],
  [-30.85, -55.5], // Rivera
  [-31.05, -55.95], // Masoller
  [-30.35, -56.45], // Artigas, on the Cuareim
  [-30.15, -57.1],
];
