import {
  BANK_STATEMENT_MAX_CHARS,
  bankStatementImportSchema,
  bankStatementListSchema,
  bankStatementUploadSchema,
} from '@mandado/shared/admin-payments.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import { ordersContextOf } from '../orders/orders-context.ts';
import {
  confirmBankStatement,
  getBankStatement,
  importBankStatement,
  listBankStatements,
} from './bank-statements.service.ts';

const TAGS = ['administración'];

/**
 * Bank-statement imports (issue 19), inside /v1/admin. The CSV travels as the text the browser read, in JSON
 * with its file name: a statement is a few hundred lines, and the app has no multipart parser to add for it.
 */
export const bankStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bank-statements/',
    {
      config: { permission: 'payment:mark-paid' },
      // UTF-8 text of at most BANK_STATEMENT_MAX_CHARS characters, JSON-escaped, plus the envelope.
      bodyLimit: BANK_STATEMENT_MAX_CHARS * 4 + 4096,
      schema: {
        tags: TAGS,
        summary:
          'Importa un extracto bancario (CSV): cada fila se compara por número de pedido y monto exacto; responde la vista previa sin pagar nada',
        body: bankStatementUploadSchema,
        response: { 200: bankStatementImportSchema, 400: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => importBankStatement(app.db, request.actor, request.body),
  );

  app.get(
    '/bank-statements/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: TAGS,
        summary: 'Los extractos importados más recientes',
        response: { 200: bankStatementListSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => ({ results: await listBankStatements(app.db, request.actor) }),
  );

  app.get(
    '/bank-statements/:id/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: TAGS,
        summary: 'Un extracto importado con sus filas y lo que encontró cada una',
        params: idParamsSchema,
        response: {
          200: bankStatementImportSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          ...ADMIN_DENIALS,
        },
      },
    },
    async (request) => getBankStatement(app.db, request.actor, request.params.id),
  );

  app.post(
    '/bank-statements/:id/confirm/',
    {
      config: { permission: 'payment:mark-paid' },
      schema: {
        tags: TAGS,
        summary:
          'Marca pagados, a la vez, los pedidos de las filas que coinciden (una sola vez por extracto)',
        params: idParamsSchema,
        body: z.object({}).optional(),
        response: {
          200: bankStatementImportSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          ...ADMIN_DENIALS,
        },
      },
    },
    async (request) => confirmBankStatement(ordersContextOf(app), request.actor, request.params.id),
  );
};
