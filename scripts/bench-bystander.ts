// The bystander figure of `npm run bench` (decision 014): one client floods the cart read with many
// keep-alive connections and one session, while another client reads a cheap unrelated route one request
// after the other. Before the per-session limit, the flood's queries queued ahead of the bystander's in the
// embedded database and its p99 reached seconds.
import autocannon from 'autocannon';

export interface BystanderFigure {
  bystanderRequests: number;
  bystanderP50: number;
  bystanderP99: number;
  flood2xx: number;
  flood429: number;
  floodOther: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

export async function measureBystander(options: {
  base: string;
  sessionCookie: string;
  seconds: number;
  floodConnections: number;
  floodUrl: string;
  bystanderUrl: string;
}): Promise<BystanderFigure> {
  const flood = autocannon({
    url: `${options.base}${options.floodUrl}`,
    connections: options.floodConnections,
    duration: options.seconds,
    headers: { cookie: options.sessionCookie },
    // The flood's client runs in its own thread, so its work does not delay the bystander's timing here.
    workers: 1,
  });
  // Let the flood reach full pressure before the bystander starts counting.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const latencies: number[] = [];
  const until = Date.now() + (options.seconds - 1) * 1000;
  while (Date.now() < until) {
    const started = performance.now();
    const response = await fetch(`${options.base}${options.bystanderUrl}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`bystander ${options.bystanderUrl}: ${response.status}`);
    latencies.push(performance.now() - started);
  }
  const result = await flood;
  const codes = result.statusCodeStats as Record<string, { count: number } | undefined>;
  const flood2xx = result['2xx'];
  const flood429 = codes['429']?.count ?? 0;
  latencies.sort((a, b) => a - b);
  return {
    bystanderRequests: latencies.length,
    bystanderP50: percentile(latencies, 0.5),
    bystanderP99: percentile(latencies, 0.99),
    flood2xx,
    flood429,
    floodOther: result.requests.total - flood2xx - flood429,
  };
}
