import { OPERATOR_GROUPS } from '@mandado/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../src/plugins/rate-limit.ts';
import { addStoreMember, createStore, createUser, makeOperator } from './factories.ts';
import { visitorHeaders } from './session-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Issue 27: bad input must never be a 500. `GET /v1/admin/orders/?from=ab` was one (zod 4 ran a `.refine`
 * after the regex had failed, and `new Date('abT00:00:00Z').toISOString()` threw), and 172 of 24,617 fuzzed
 * requests found it. This walks every operation of the OpenAPI document with malformed values for each path
 * and query parameter and each body field, one at a time (the other fields keep a plausible value, so the
 * object-level checks run too), as a visitor, a shopper, a merchant and an operator of each group. Each
 * answer must be below 500, come within 10 s and carry no stack trace and no SQL.
 *
 * Bounded (some 3,100 requests): the full set of values goes to the first actor the operation lets in (the
 * actors go from the visitor up, so that is the least privileged one that gets past the guard), two cases
 * to every other actor it lets in, and one to each actor it refuses (401/403 before reading the input).
 */
let t: TestApp;
let storeId = 0;
const actors = new Map<string, Record<string, string>>();

beforeAll(async () => {
  // Raised so the walk measures validation, not the limiter (a 429 would pass, but check nothing).
  const generous = { max: 1_000_000, windowSeconds: 60 };
  t = await createTestApp({
    rateLimits: Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, generous])),
  });
  // Mail and push workers stay idle: the walk may queue e-mails, and nothing should leave.
  Object.assign(t.app, { kickMailWorker: () => undefined });
  actors.set('visitante', await visitorHeaders(t.app));
  actors.set('comprador', (await createUser(t.app)).headers);
  const store = await createStore(t.database);
  storeId = store.id;
  const merchant = await createUser(t.app);
  await addStoreMember(t.database, store.id, merchant.id, 'owner');
  actors.set('comercio', merchant.headers);
  for (const group of OPERATOR_GROUPS) {
    const operator = await createUser(t.app);
    await makeOperator(t.database, operator.id, group);
    actors.set(`operador ${group}`, operator.headers);
  }
});
afterAll(() => t.close());

interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  default?: unknown;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

interface FuzzCase {
  label: string;
  url: string;
  payload?: unknown;
}

function deepObject(depth: number): unknown {
  let value: unknown = 'fondo';
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

/** Wrong types, empty, negative, huge with control and bidi characters, arrays of objects. */
const BODY_VALUES: unknown[] = ['ab', '', null, -1, `\u0000\u202E\r\n${'x'.repeat(20_000)}`, [{ a: 'ab' }]];

/** Query values, already URL-encoded (a repeated name is an array). */
const QUERY_VALUES = ['ab', '-1', '99999999999999999999', `%00%E2%80%AE%0A${'x'.repeat(4000)}`, 'ab&NAME=cd'];

const PATH_VALUES = ['ab', '-1', `%00%E2%80%AE${'x'.repeat(300)}`];

/** A value the field would likely accept, so the other fields' checks and the object's own run. */
function plausible(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return 'a';
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return plausible(variant, name);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, field]) => [name, plausible(field, name)]),
      );
    default:
      if (schema.format === 'date-time') return '2026-11-27T12:00:00Z';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      // Amounts, e-mails and phones by their names: with 'a' the object's own checks would never run.
      if (/price|amount|value|minimum|fee|total/.test(name)) return '10.00';
      if (/email/.test(name)) return 'ana@ejemplo.com';
      if (/phone/.test(name)) return '+59891234567';
      return 'a';
  }
}

/** Made-up path values that name nothing, except a merchant route's store (so the merchant gets past it). */
function pathValue(operation: Operation, name: string): string {
  if (name === 'id' && operation.path.startsWith('/v1/merchant/stores/')) return String(storeId);
  if (name === 'number' || name === 'storeOrderNumber') return 'MV-999999';
  return '999999';
}

function urlFor(operation: Operation, path: Record<string, string>, query: string[]): string {
  const filled = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => path[name] ?? '');
  return query.length > 0 ? `${filled}?${query.join('&')}` : filled;
}

/** The cases of an operation, one group per parameter or field (and one for the body as a whole). */
function casesFor(operation: Operation): FuzzCase[][] {
  const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = operation.parameters.filter((parameter) => parameter.in === 'query');
  const basePath = Object.fromEntries(pathParams.map((p) => [p.name, pathValue(operation, p.name)]));
  const baseQuery = queryParams
    .filter((parameter) => parameter.required)
    .map(
      (parameter) =>
        `${parameter.name}=${encodeURIComponent(String(plausible(parameter.schema, parameter.name)))}`,
    );
  const baseBody = operation.body ? plausible(operation.body) : undefined;
  const withBody = (payload: unknown) => (operation.body ? { payload } : {});
  const cases: FuzzCase[][] = [];
  for (const parameter of pathParams) {
    cases.push(
      PATH_VALUES.map((value) => ({
        label: `${parameter.name}=${value.slice(0, 20)}`,
        url: urlFor(operation, { ...basePath, [parameter.name]: value }, baseQuery),
        ...withBody(baseBody),
      })),
    );
  }
  for (const parameter of queryParams) {
    const others = baseQuery.filter((pair) => !pair.startsWith(`${parameter.name}=`));
    cases.push(
      QUERY_VALUES.map((value) => ({
        label: `${parameter.name}=${value.slice(0, 20)}`,
        url: urlFor(operation, basePath, [
          ...others,
          `${parameter.name}=${value.replace('NAME', parameter.name)}`,
        ]),
        ...withBody(baseBody),
      })),
    );
  }
  if (operation.body) {
    const base = (baseBody ?? {}) as Record<string, unknown>;
    const url = urlFor(operation, basePath, baseQuery);
    for (const field of Object.keys(operation.body.properties ?? {})) {
      cases.push(
        BODY_VALUES.map((value) => ({
          label: `${field}=${JSON.stringify(value)?.slice(0, 20)}`,
          url,
          payload: { ...base, [field]: value },
        })),
      );
    }
    // The whole body: of the wrong type, empty, with unknown fields, deep.
    cases.push(
      [[], 'ab', {}, { ...base, campo_desconocido: 'x' }, deepObject(200)].map((payload) => ({
        label: `body=${JSON.stringify(payload).slice(0, 20)}`,
        url,
        payload,
      })),
    );
  }
  return cases;
}

/** A stack frame ("    at fn (file.ts:12:3)") or the words of SQL and of a database error. */
const STACK_TRACE = /\n\s+at .+:\d+:\d+|\b(?:TypeError|RangeError|ReferenceError|SyntaxError)\b/;
const SQL_TEXT =
  /\bselect\b[^"\n]{0,200}\bfrom\b|\binsert into\b|\bupdate\b[^"\n]{0,80}\bset\b|syntax error at|violates [a-z ]*constraint|relation "|drizzle|pglite/i;

function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const spec = raw as {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      };
      const body = spec.requestBody?.content?.['application/json']?.schema ?? null;
      const parameters = spec.parameters ?? [];
      // Nothing to make malformed: no parameter, no body (logout, whoami…).
      if (parameters.length === 0 && body === null) continue;
      operations.push({ method: method.toUpperCase(), path, parameters, body });
    }
  }
  return operations;
}

describe('every operation of the OpenAPI document, with malformed input', () => {
  it('answers below 500, within 10 s, with no stack trace and no SQL, for every actor', {
    timeout: 200_000,
  }, async () => {
    const documentResponse = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(documentResponse.statusCode).toBe(200);
    const operations = operationsOf(documentResponse.json());
    expect(operations.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let requests = 0;
    for (const operation of operations) {
      const cases = casesFor(operation);
      let firstAdmitted = true;
      for (const [actorIndex, [actor, headers]] of [...actors].entries()) {
        const send = async (fuzz: FuzzCase) => {
          requests++;
          const started = performance.now();
          const response = await t.app.inject({
            method: operation.method as 'GET',
            url: fuzz.url,
            ...('payload' in fuzz
              ? {
                  payload: JSON.stringify(fuzz.payload),
                  headers: { ...headers, 'content-type': 'application/json' },
                }
              : { headers }),
          });
          const seconds = (performance.now() - started) / 1000;
          const where = `${actor}: ${operation.method} ${operation.path} ${fuzz.label}`;
          if (response.statusCode >= 500) failures.push(`${where} → ${response.statusCode} ${response.body}`);
          else if (seconds > 10) failures.push(`${where} → took ${seconds.toFixed(1)} s`);
          else if (STACK_TRACE.test(response.body) || SQL_TEXT.test(response.body)) {
            failures.push(`${where} → leaks ${response.body.slice(0, 300)}`);
          }
          return response.statusCode;
        };
        const [probe, ...rest] = cases.flat();
        if (!probe) break;
        const status = await send(probe);
        if (status === 401 || status === 403) continue;
        if (firstAdmitted) {
          firstAdmitted = false;
          for (const fuzz of rest) await send(fuzz);
        } else {
          // One more case, a different one for each actor.
          const fuzz = rest[(actorIndex * 7) % rest.length];
          if (fuzz) await send(fuzz);
        }
      }
    }
    console.info(`fuzz: ${requests} requests`);
    expect(failures, failures.slice(0, 20).join('\n')).toEqual([]);
    expect(requests).toBeGreaterThan(1500);
  });
});
