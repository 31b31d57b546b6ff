import { adminZoneListSchema, zoneUploadInputSchema } from '@mandado/shared/admin-settings.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import { listAdminZones, replaceZones } from './zones.service.ts';

/** Delivery zones (issue 19): shown on the admin map, replaced by a GeoJSON upload; inside /v1/admin. */
export const zonesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/zones/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: ['administración'],
        summary: 'Las zonas vigentes: las subidas, o las del nomenclátor si no hay',
        response: { 200: adminZoneListSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => listAdminZones(app.db, request.actor),
  );

  app.put(
    '/zones/',
    {
      config: { permission: 'admin:manage' },
      // A FeatureCollection of up to 20 000 vertices fits well under this; more is refused before parsing.
      bodyLimit: 1_048_576,
      schema: {
        tags: ['administración'],
        summary: 'Reemplazar las zonas con un GeoJSON (FeatureCollection de polígonos)',
        body: zoneUploadInputSchema,
        response: { 200: adminZoneListSchema, 400: apiErrorSchema, 413: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => replaceZones(app.db, request.actor, request.body),
  );
};
