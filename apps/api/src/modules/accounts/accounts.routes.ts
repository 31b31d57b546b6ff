import {
  csrfTokenSchema,
  detailSchema,
  emailExistsSchema,
  emailParamsSchema,
  emailQuerySchema,
  loginResponseSchema,
  loginSchema,
  passwordChangeSchema,
  registrationSchema,
  remitterUpdateSchema,
  userSchema,
  whoamiSchema,
} from '@mandado/shared/account.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../authorization.ts';
import { signInWithPassword } from '../../flows/sign-in.flow.ts';
import { clientKey, enforceRateLimit, networkKey, resetRateLimit } from '../../plugins/rate-limit.ts';
import { csrfTokenFor, endSession, startSession } from '../../plugins/session.ts';
import { getPublicSettings } from '../settings/settings.service.ts';
import {
  changeOwnPassword,
  currentUser,
  emailExists,
  register,
  updateOwnDetails,
} from './accounts.service.ts';
import { presentLogin } from './user.presenter.ts';

const TAGS = ['cuentas'];
const ERRORS = { 400: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

/** Answers carrying personal data (or a session's tokens): no cache, shared or private, may keep them. */
function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The e-mail-first panel asks whether an account exists; throttled so it cannot list accounts. */
  async function checkEmail(reply: FastifyReply, ip: string, email: string): Promise<boolean> {
    await enforceRateLimit(app, reply, 'emailLookupPerIp', clientKey(ip));
    await enforceRateLimit(app, reply, 'emailLookupPerEmail', email);
    return emailExists(app.db, email);
  }

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
      noStore(reply);
      const [whoami, settings] = await Promise.all([
        currentUser(app.db, request.actor),
        getPublicSettings(app.db, { mapTiles: app.mapTiles, widgets: app.widgets }),
      ]);
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
      noStore(reply);
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
    async (request, reply) => {
      noStore(reply);
      // Decision 013: every attempt counts against the client's address; against the account only the
      // failures from this same client count, and a success forgets them. A guesser elsewhere cannot lock
      // the owner out.
      const client = clientKey(request.ip);
      const failures = `${request.body.username}|${client}`;
      await enforceRateLimit(app, reply, 'loginPerIp', client);
      const network = networkKey(request.ip);
      if (network) await enforceRateLimit(app, reply, 'loginPerNetwork', network);
      await enforceRateLimit(app, reply, 'loginPerEmail', failures);
      const { user, secondFactorOwed: owed } = await signInWithPassword(app.db, request.body);
      await resetRateLimit(app, 'loginPerEmail', failures);
      // Decision 053: an account with a second factor gets a session that acts for nobody until a code
      // completes it.
      const session = await startSession(app, request, reply, user.id, { secondFactorPending: owed });
      const answer = presentLogin(user, session.csrfToken);
      // Only when owed: everyone else gets the spec's three fields, as before.
      return owed ? { ...answer, second_factor_required: true } : answer;
    },
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
      await endSession(app, request, reply);
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
      noStore(reply);
      // Registration also tells whether an e-mail has an account, so it shares the lookups' limit.
      await enforceRateLimit(app, reply, 'emailLookupPerIp', clientKey(request.ip));
      await enforceRateLimit(app, reply, 'emailLookupPerEmail', request.body.email);
      // Issue 27: new accounts per address, so a farm of accounts cannot hold a store's stock unpaid.
      await enforceRateLimit(
        app,
        reply,
        'registerPerIp',
        clientKey(request.ip),
        SERVER_MESSAGES.tooManyRegistrations,
      );
      const user = await register(app.db, request.body);
      const session = await startSession(app, request, reply, user.id);
      return reply.status(201).send(presentLogin(user, session.csrfToken));
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
    async (request, reply) => ({ exists: await checkEmail(reply, request.ip, request.params.email) }),
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
    async (request, reply) => ({ exists: await checkEmail(reply, request.ip, request.query.email) }),
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
    async (request, reply) => {
      noStore(reply);
      return updateOwnDetails(app.db, request.actor, request.body);
    },
  );

  app.post(
    '/users/change-password/',
    {
      schema: {
        tags: TAGS,
        summary: 'Cambia la contraseña (pide la actual); cierra las demás sesiones del usuario',
        body: passwordChangeSchema,
        response: { 200: detailSchema, 401: apiErrorSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const actor = requireActor(request);
      // Decision 013's shape: every attempt per address, and the failures per account, forgotten on success.
      await enforceRateLimit(app, reply, 'passwordChangePerIp', clientKey(request.ip));
      const failures = `user:${actor.userId}`;
      await enforceRateLimit(app, reply, 'passwordChangePerUser', failures);
      await changeOwnPassword(app.db, actor, {
        ...request.body,
        keepSessionHash: request.session?.tokenHash ?? null,
      });
      await resetRateLimit(app, 'passwordChangePerUser', failures);
      return { detail: SERVER_MESSAGES.passwordChanged };
    },
  );
};
