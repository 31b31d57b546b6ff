import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  catalogImportQuerySchema,
  catalogImportReportSchema,
  merchantCategoryListSchema,
  merchantProductInputSchema,
  merchantProductPageSchema,
  merchantProductQuerySchema,
  merchantProductSchema,
  merchantStockChangeSchema,
  merchantStockSchema,
  productImageUploadSchema,
} from '@mandado/shared/merchant-catalog.schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../authorization.ts';
import { notFound } from '../../http-errors.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { registerImageBodyParser, sendUploadedImage } from '../media/image-body.ts';
import { IMAGE_MAX_BYTES } from '../media/image-intake.ts';
import { parseVariantSuffix } from '../media/image-variants.ts';
import { CSV_MAX_BYTES } from './catalog-csv.ts';
import { catalogTemplate, exportCatalog, importCatalog } from './catalog-import.service.ts';
import { presentMerchantProduct } from './merchant-catalog.presenter.ts';
import {
  adjustStock,
  createProduct,
  getProduct,
  listCategories,
  listProducts,
  readProductImage,
  replaceProduct,
  uploadProductImage,
} from './merchant-catalog.service.ts';

const TAGS = ['comercio'];
const ERRORS = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const UPLOAD_ERRORS = { ...ERRORS, 413: apiErrorSchema, 429: apiErrorSchema };
const productParamsSchema = idParamsSchema.extend({ productId: idParamsSchema.shape.id });

/**
 * The owner's catalog (issue 18), inside /v1/merchant (its hook admits store members only); each service
 * call then asks for `store:manage` in the store, which only its owners hold.
 */
export const merchantCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerImageBodyParser(app);
  // The CSV import's body: the file's bytes as sent (a spreadsheet's export), at most CSV_MAX_BYTES. Bytes,
  // not a string: the service reads the encoding (UTF-8 or Windows-1252) before the text (issue 27).
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: CSV_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  /** Counted before the body is read: a caller over the limit never has its file parsed. */
  const countUpload = async (request: FastifyRequest, reply: FastifyReply) => {
    await enforceRateLimit(app, reply, 'merchantUploadPerUser', `user:${requireActor(request).userId}`);
  };

  app.post(
    '/stores/:id/products/import/',
    {
      bodyLimit: CSV_MAX_BYTES,
      onRequest: countUpload,
      schema: {
        tags: TAGS,
        summary:
          'Importa productos, precios y stock desde un CSV (cuerpo text/csv); con dry_run=1 en la consulta, muestra qué haría y los errores de cada fila sin cambiar nada',
        params: idParamsSchema,
        querystring: catalogImportQuerySchema,
        response: {
          200: catalogImportReportSchema,
          ...UPLOAD_ERRORS,
          409: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { dry_run, mode, confirm_category } = request.query;
      return importCatalog(app.db, requireActor(request), request.params.id, bytes, {
        dryRun: dry_run === '1' || dry_run === 'true',
        mode: mode ?? 'all',
        confirmedCategories:
          confirm_category === undefined
            ? []
            : Array.isArray(confirm_category)
              ? confirm_category
              : [confirm_category],
      });
    },
  );

  app.get(
    '/stores/:id/products/export/',
    {
      schema: {
        tags: TAGS,
        summary: 'Los productos de la tienda en CSV, en el formato que lee la importación',
        params: idParamsSchema,
        response: { 200: z.string(), ...ERRORS },
      },
    },
    async (request, reply) => {
      const csv = await exportCatalog(app.db, requireActor(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="catalogo-${request.params.id}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/stores/:id/products/template/',
    {
      schema: {
        tags: TAGS,
        summary: 'Plantilla CSV para importar productos (la fila de encabezado y un ejemplo)',
        params: idParamsSchema,
        response: { 200: z.string(), ...ERRORS },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="plantilla-catalogo.csv"')
        .send(catalogTemplate(requireActor(request), request.params.id)),
  );

  app.get(
    '/stores/:id/products/',
    {
      schema: {
        tags: TAGS,
        summary:
          'Productos de la tienda por nombre, con stock y estado (paginado por cursor, búsqueda con q)',
        params: idParamsSchema,
        querystring: merchantProductQuerySchema,
        response: { 200: merchantProductPageSchema, ...ERRORS },
      },
    },
    async (request) => {
      const page = await listProducts(app.db, requireActor(request), request.params.id, request.query);
      return {
        results: page.rows.map(presentMerchantProduct),
        next_cursor: page.nextCursor,
        currency: page.currency,
      };
    },
  );

  app.get(
    '/stores/:id/categories/',
    {
      schema: {
        tags: TAGS,
        summary: 'Categorías de la tienda, para el formulario de producto',
        params: idParamsSchema,
        response: { 200: merchantCategoryListSchema, ...ERRORS },
      },
    },
    async (request) => ({ results: await listCategories(app.db, requireActor(request), request.params.id) }),
  );

  app.post(
    '/stores/:id/products/',
    {
      schema: {
        tags: TAGS,
        summary: 'Crea un producto (precios en la moneda de la tienda)',
        params: idParamsSchema,
        body: merchantProductInputSchema,
        response: { 201: merchantProductSchema, ...ERRORS, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const row = await createProduct(app.db, requireActor(request), request.params.id, request.body);
      return reply.status(201).send(presentMerchantProduct(row));
    },
  );

  app.get(
    '/stores/:id/products/:productId/',
    {
      schema: {
        tags: TAGS,
        summary: 'Un producto de la tienda',
        params: productParamsSchema,
        response: { 200: merchantProductSchema, ...ERRORS },
      },
    },
    async (request) =>
      presentMerchantProduct(
        await getProduct(app.db, requireActor(request), request.params.id, request.params.productId),
      ),
  );

  app.put(
    '/stores/:id/products/:productId/',
    {
      schema: {
        tags: TAGS,
        summary: 'Reemplaza los datos de un producto',
        params: productParamsSchema,
        body: merchantProductInputSchema,
        response: { 200: merchantProductSchema, ...ERRORS, 409: apiErrorSchema },
      },
    },
    async (request) =>
      presentMerchantProduct(
        await replaceProduct(
          app.db,
          requireActor(request),
          request.params.id,
          request.params.productId,
          request.body,
        ),
      ),
  );

  app.post(
    '/stores/:id/products/:productId/stock/',
    {
      schema: {
        tags: TAGS,
        summary: 'Suma o resta stock ({ delta }) o lo fija ({ set }; "Agotado" es { set: 0 })',
        params: productParamsSchema,
        body: merchantStockChangeSchema,
        response: { 200: merchantStockSchema, ...ERRORS },
      },
    },
    async (request) =>
      adjustStock(app.db, requireActor(request), request.params.id, request.params.productId, request.body),
  );

  app.post(
    '/stores/:id/product-images/',
    {
      bodyLimit: IMAGE_MAX_BYTES,
      onRequest: countUpload,
      schema: {
        tags: TAGS,
        summary: 'Sube una foto de producto (JPEG, PNG o WebP, hasta 8 MB, en el cuerpo): devuelve su URL',
        params: idParamsSchema,
        response: { 201: productImageUploadSchema, ...UPLOAD_ERRORS },
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await uploadProductImage(
        app.db,
        requireActor(request),
        request.params.id,
        body,
        app.media,
      );
      return reply.status(201).send(result);
    },
  );
};

const productImageParamsSchema = z.object({
  storeId: idParamsSchema.shape.id,
  // The photo as uploaded, or one of its widths and formats for srcset (issue 30): `<uuid>-w320.avif`.
  file: z.string().regex(/^[0-9a-f-]{36}(?:\.webp|-w\d{2,4}\.(?:avif|webp))$/),
});

/** Product photos owners uploaded: public like the products, and never changing (a new photo, a new name). */
export const productImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/photos/:storeId/:file',
    {
      schema: {
        tags: ['medios'],
        summary: 'Foto de producto subida por la tienda',
        params: productImageParamsSchema,
      },
    },
    async (request, reply) => {
      const fileId = request.params.file.slice(0, 36);
      const suffix = request.params.file.slice(36);
      const variant = suffix === '.webp' ? null : parseVariantSuffix(suffix);
      if (suffix !== '.webp' && !variant) throw notFound();
      const file = await readProductImage(app.media, request.params.storeId, fileId, variant);
      if (!file) throw notFound();
      return sendUploadedImage(reply, file);
    },
  );
};
