import { vi } from 'vitest';

/** One answer of the stubbed API: the status and the JSON body the real endpoint sends. */
export interface StubAnswer {
  status: number;
  body?: unknown;
}

export interface StubbedCall {
  method: string;
  path: string;
  body: unknown;
}

type Route = (body: unknown) => StubAnswer;

/**
 * The only thing component tests replace (decision 060): the network. `routes` maps 'METHOD /v1/path/' to an
 * answer with the API's real shapes (field errors `{ email: ['…'] }`, `{ detail: '…' }`); the CSRF token is
 * answered by default. A request nobody expected fails the test with its path rather than hanging.
 */
export function stubApi(routes: Record<string, Route | StubAnswer>) {
  const calls: StubbedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const key = `${method} ${url.pathname}`;
    const route =
      routes[key] ?? (key === 'GET /v1/csrf-token/' ? { status: 200, body: { csrf_token: 't' } } : null);
    if (!route) throw new Error(`Unexpected request in a component test: ${key}`);
    const answer = typeof route === 'function' ? route(body) : route;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls };
}
