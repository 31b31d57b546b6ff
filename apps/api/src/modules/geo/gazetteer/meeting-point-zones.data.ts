import type { MeetingPointZone } from './gazetteer.types.ts';

/**
 * DEMO DATA, not a judgement about any neighbourhood: spec §1 says delivery to some popular zones is
 * generally not done and the courier arranges a meeting point instead. Which zones those are is an
 * operational decision of the delivery partner; these four small polygons (a few hundred metres across,
 * drawn around approximate centres) only exercise the rule end to end. Replace them with the operator's
 * list before going live (decision 019).
 */
export const MEETING_POINT_ZONES: readonly MeetingPointZone[] = [
  {
    name: 'Cerro Norte',
    outline: [
      [-34.8635, -56.2705],
      [-34.8635, -56.2575],
      [-34.8745, -56.2575],
      [-34.8745, -56.2705],
    ],
  },
  {
    name: 'Casavalle',
    outline: [
      [-34.832, -56.186],
      [-34.832, -56.172],
      [-34.844, -56.172],
      [-34.844, -56.186],
    ],
  },
  {
    name: 'Marconi',
    outline: [
      [-34.8485, -56.1755],
      [-34.8485, -56.1645],
      [-34.8575, -56.1645],
      [-34.8575, -56.1755],
    ],
  },
  {
    name: 'Casabó',
    outline: [
      [-34.8785, -56.2985],
      [-34.8785, -56.2845],
      [-34.8885, -56.2845],
      [-34.8885, -56.2985],
    ],
  },
];
