import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  categoryListSchema,
  categoryProductsListSchema,
  productSchema,
  productSearchSchema,
} from '@mandado/shared/catalog.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { SEARCH_MAX_LENGTH, SEARCH_MAX_PAGE, SEARCH_MIN_LENGTH } from '@mandado/shared/validation-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../http-schemas.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import {
  type CatalogCaches,
  createCatalogCaches,
  createProductsByCityCache,
  getCategories,
  getProduct,
  getProductsByCategoryForCity,
  getProductsOfStore,
  searchProductsInCity,
} from './catalog.service.ts';

const cityParamsSchema = z.object({ city: z.string().min(1).max(100) });

const searchQuerySchema = z.object({
  search: z
    .string({ error: MESSAGES.searchTooShort })
    .trim()
    .min(SEARCH_MIN_LENGTH, MESSAGES.searchTooShort)
    .max(SEARCH_MAX_LENGTH, MESSAGES.searchTooLong),
  /** The results page's paging (issue 16): 1 by default, as the top menu's dropdown asks. */
  page: z.coerce
    .number({ error: MESSAGES.invalidValue })
    .int(MESSAGES.invalidValue)
    .min(1, MESSAGES.invalidValue)
    .max(SEARCH_MAX_PAGE, MESSAGES.invalidValue)
    .default(1),
});

export const catalogRoutes: FastifyPluginAsyncZod<{ caches?: CatalogCaches }> = async (app, options) => {
  const productsByCityCache = createProductsByCityCache();
  const { productsOfStore: productsOfStoreCache, searchIndex: searchIndexCache } =
    options.caches ?? createCatalogCaches();

  app.get(
    '/categories/',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'Categorías de las tiendas aprobadas',
        response: { 200: categoryListSchema },
      },
    },
    async () => ({ results: await getCategories(app.db) }),
  );

  app.get(
    '/by-categories/products/:city',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'Productos de una ciudad agrupados por categoría',
        params: cityParamsSchema,
        response: { 200: categoryProductsListSchema, 304: z.null(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const answer = await getProductsByCategoryForCity(app.db, productsByCityCache, request.params.city);
      // Browsers revalidate every time and get a bodiless 304 while the catalog has not changed.
      const etag = `W/"catalog-${answer.cityId}-${answer.revision}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return answer.categories;
    },
  );

  app.get(
    '/stores/:id/products/',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'Productos de una tienda agrupados por categoría',
        params: idParamsSchema,
        response: { 200: categoryProductsListSchema, 304: z.null(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const answer = await getProductsOfStore(app.db, productsOfStoreCache, request.params.id);
      // Same revalidation as the city's catalog (decision 006): a bodiless 304 while nothing changed.
      const etag = `W/"store-catalog-${answer.storeId}-${answer.revision}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return answer.categories;
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'Un producto',
        params: idParamsSchema,
        response: { 200: productSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getProduct(app.db, request.params.id),
  );

  app.get(
    '/products/:city/',
    {
      preHandler: rateLimit(app, 'search'),
      schema: {
        tags: ['catálogo'],
        summary: 'Buscar productos en una ciudad',
        params: cityParamsSchema,
        querystring: searchQuerySchema,
        response: { 200: productSearchSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      searchProductsInCity(
        app.db,
        searchIndexCache,
        request.params.city,
        request.query.search,
        request.query.page,
      ),
  );
};
