import type { Polygon } from './gazetteer.types.ts';

/**
 * DEMO DATA: a simplified outline of the department of Montevideo, the city we serve (spec §1: shipping
 * 2.99 per store inside it, 4.99 outside). Drawn by hand from general knowledge of the map, clockwise from
 * the mouth of the Santa Lucía: the coast of the Río de la Plata east to the mouth of the Arroyo Carrasco,
 * then the limit with Canelones (Arroyo Carrasco, the Bañados, Toledo, Las Piedras) and, to the west, the
 * Río Santa Lucía facing San José. The bay of Montevideo is inside (water nobody sends a parcel to). Error
 * of a few hundred metres is expected near the edges; a real deployment replaces this with the official
 * limit (IDE Uruguay / Intendencia de Montevideo open data).
 */
export const MONTEVIDEO_OUTLINE: Polygon = [
  [-34.778, -56.382], // Río Santa Lucía at Santiago Vázquez, limit with San José
  [-34.81, -56.4], // mouth of the Santa Lucía
  [-34.845, -56.425], // Punta Espinillo
  [-34.872, -56.37],
  [-34.884, -56.33], // Punta Yeguas
  [-34.895, -56.285], // Casabó coast
  [-34.893, -56.258], // below the Cerro
  [-34.878, -56.232], // western shore of the bay
  [-34.895, -56.216], // mouth of the bay
  [-34.907, -56.218], // Punta San José, Ciudad Vieja
  [-34.912, -56.195], // Rambla Sur
  [-34.915, -56.172], // Palermo, Parque Rodó
  [-34.9255, -56.159], // Punta Carretas
  [-34.9155, -56.149], // Pocitos beach
  [-34.9075, -56.132], // Puerto del Buceo
  [-34.8955, -56.1], // Malvín
  [-34.9015, -56.079], // Punta Gorda
  [-34.8925, -56.05], // Carrasco beach
  [-34.8875, -56.021], // mouth of the Arroyo Carrasco, limit with Canelones
  [-34.862, -56.032], // up the Arroyo Carrasco
  [-34.825, -56.06], // Bañados de Carrasco
  [-34.79, -56.09], // Villa García
  [-34.772, -56.14], // Toledo Chico
  [-34.752, -56.195], // south of Las Piedras
  [-34.745, -56.245], // Abayubá
  [-34.713, -56.3], // Melilla, Arroyo Colorado
  [-34.705, -56.345], // Río Santa Lucía
];
