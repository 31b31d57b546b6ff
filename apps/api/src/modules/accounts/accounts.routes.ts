import {
  csrfTokenSchema,
  detailSchema,
  emailExistsSchema,
  emailParamsSchema,
  emailQuerySchema,
  loginResponseSchema,
  loginSchema,
  registrationSchema,
  remitterUpdateSchema,
  userSchema,
  whoamiSchema,
} from '@mandado/shared/account.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csrfTokenFor } from '../../plugins/session.ts';
import { getPublicSettings } from '../settings/settings.service.ts';
import { currentUser, emailExists, login, logout, register, updateOwnDetails } from './accounts.service.ts';

const TAGS = ['cuentas'];
const ERRORS = { 400: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/whoami/',
    {
      schema: {
        tags: TAGS,
        summary: 'Usuario de la sesión (null para un visitante) y ajustes públicos',
        response: { 200: whoamiSchema },
      },
    },
    async (request, reply) => {
      // Per-user answer: a shared cache must never keep it.
      reply.header('cache-control', 'no-store');
      const [whoami, settings] = await Promise.all([currentUser(app, request), getPublicSettings(app.db)]);
      return { whoami, settings };
    },
  );

  app.get(
    '/csrf-token/',
    {
      schema: {
        tags: TAGS,
        summary: 'Token CSRF de la sesión (o del visitante), para enviar como X-CSRFToken',
        response: { 200: csrfTokenSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { csrf_token: csrfTokenFor(request, reply) };
    },
  );

  app.post(
    '/login/',
    {
      schema: {
        tags: TAGS,
        summary: 'Inicia sesión con correo (username) y contraseña; la sesión queda en una cookie HttpOnly',
        body: loginSchema,
        response: { 200: loginResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => login(app, request, reply, request.body),
  );

  app.post(
    '/logout/',
    {
      schema: {
        tags: TAGS,
        summary: 'Cierra la sesión (POST: un GET nunca cambia estado, decisión 007)',
        response: { 200: detailSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await logout(app, request, reply);
      return { detail: 'Sesión cerrada.' };
    },
  );

  app.post(
    '/users/create/',
    {
      schema: {
        tags: TAGS,
        summary: 'Registra un remitente e inicia su sesión',
        body: registrationSchema,
        response: { 201: loginResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const body = await register(app, request, reply, request.body);
      return reply.status(201).send(body);
    },
  );

  app.get(
    '/users/exists/:email',
    {
      schema: {
        tags: TAGS,
        summary: '¿Existe una cuenta con este correo?',
        params: emailParamsSchema,
        response: { 200: emailExistsSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => ({ exists: await emailExists(app, request, reply, request.params.email) }),
  );

  app.get(
    '/users/email/register/',
    {
      schema: {
        tags: TAGS,
        summary: '¿Existe una cuenta con este correo? (consulta por parámetro)',
        querystring: emailQuerySchema,
        response: { 200: emailExistsSchema, ...ERRORS },
      },
    },
    async (request, reply) => ({ exists: await emailExists(app, request, reply, request.query.email) }),
  );

  app.put(
    '/users/update/remitter/',
    {
      schema: {
        tags: TAGS,
        summary: 'Actualiza nombre, apellido y teléfono del remitente de la sesión',
        body: remitterUpdateSchema,
        response: { 200: userSchema, 401: apiErrorSchema, ...ERRORS },
      },
    },
    async (request) => updateOwnDetails(app, request, request.body),
  );
};
