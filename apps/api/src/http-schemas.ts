import { z } from 'zod';

/** A positive database id in a path; anything else is a request for nothing we have (404). */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
