import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type JobRunner, type OutboxHandler, outboxJob, startJob, sweepJob } from './job-runner.ts';
import { type RetryPolicy, retryDelaySeconds } from './retry-delay.ts';

/**
 * A fake kind, in memory: rows with a lease and a due time like the outboxes' tables, a handler that fails the
 * rows it is told to, and gates that hold a row's handling open so a test can stop the job mid-batch.
 */
interface FakeRow {
  id: number;
  status: 'pending' | 'done';
  attempts: number;
  dueAt: number;
  leasedUntil: number;
}

const POLICY: RetryPolicy = { firstSeconds: 30, maxSeconds: 3600, jitter: 0 };

function fakeOutbox(count: number, options: { batchSize: number; concurrency?: number }) {
  let now = 1_000_000;
  const rows: FakeRow[] = Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    status: 'pending',
    attempts: 0,
    dueAt: now,
    leasedUntil: 0,
  }));
  const failing = new Set<number>();
  const gates = new Map<number, Promise<void>>();
  const claims: number[][] = [];
  const handling: number[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const handler: OutboxHandler<FakeRow, string, 'done' | 'retry'> = {
    name: 'fake',
    batchSize: options.batchSize,
    concurrency: options.concurrency ?? 1,
    async claim(limit) {
      const due = rows
        .filter((row) => row.status === 'pending' && row.dueAt <= now && row.leasedUntil <= now)
        .slice(0, limit);
      for (const row of due) row.leasedUntil = now + 60_000;
      claims.push(due.map((row) => row.id));
      return due.map((row) => ({ ...row }));
    },
    prepare: async (batch) => `batch of ${batch.length}`,
    async handle(row, batch) {
      expect(batch).toMatch(/^batch of \d+$/);
      handling.push(row.id);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        await gates.get(row.id);
        const stored = rows[row.id - 1];
        if (!stored) throw new Error(`no row ${row.id}`);
        stored.leasedUntil = 0;
        if (failing.has(row.id)) {
          stored.attempts += 1;
          stored.dueAt = now + retryDelaySeconds(POLICY, stored.attempts) * 1000;
          return 'retry';
        }
        stored.status = 'done';
        return 'done';
      } finally {
        inFlight -= 1;
      }
    },
    async release(released) {
      for (const row of released) {
        const stored = rows[row.id - 1];
        if (stored) stored.leasedUntil = 0;
      }
    },
  };
  return {
    rows,
    failing,
    gates,
    claims,
    handling,
    handler,
    mostInFlight: () => mostInFlight,
    advance(ms: number) {
      now += ms;
    },
    pending: () => rows.filter((row) => row.status === 'pending').map((row) => row.id),
    leased: () => rows.filter((row) => row.leasedUntil > now).map((row) => row.id),
  };
}

const log = Fastify({ logger: false }).log;
const runners: JobRunner[] = [];
function start(...args: Parameters<typeof startJob>): JobRunner {
  const runner = startJob(...args);
  runners.push(runner);
  return runner;
}
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});
const hour = { intervalMs: 3_600_000, failureMessage: 'fake pass failed' };

describe('the jobs runner with a fake kind', () => {
  it('handles every due row in batches until one comes back short, lanes never over the concurrency', async () => {
    const fake = fakeOutbox(7, { batchSize: 3, concurrency: 2 });
    await start(outboxJob(fake.handler, hour), log).drain();
    expect(fake.pending()).toEqual([]);
    expect(fake.claims).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(fake.mostInFlight()).toBe(2);
  });

  it('moves a failed row to the future by the retry delay, and takes it again once due', async () => {
    const fake = fakeOutbox(3, { batchSize: 10 });
    fake.failing.add(2);
    const runner = start(outboxJob(fake.handler, hour), log);
    await runner.drain();
    expect(fake.pending()).toEqual([2]);
    expect(fake.rows[1]).toMatchObject({ attempts: 1, leasedUntil: 0 });
    fake.advance(29_000);
    await runner.drain();
    expect(fake.rows[1]?.attempts).toBe(1);
    fake.advance(1_000);
    fake.failing.clear();
    await runner.drain();
    expect(fake.pending()).toEqual([]);
  });

  it('on stop, finishes the row in hand and gives back the rows claimed and not started', async () => {
    const fake = fakeOutbox(4, { batchSize: 10 });
    let open = () => {};
    fake.gates.set(1, new Promise<void>((resolve) => (open = resolve)));
    const runner = start(outboxJob(fake.handler, hour), log);
    runner.kick();
    await expect.poll(() => fake.handling).toEqual([1]);
    expect(fake.leased()).toEqual([1, 2, 3, 4]);
    const stopped = runner.stop();
    open();
    await stopped;
    expect(fake.pending()).toEqual([2, 3, 4]);
    // Given back, not left leased: another instance claims them now.
    expect(fake.leased()).toEqual([]);
    expect(fake.handling).toEqual([1]);
    runner.kick();
    expect(fake.claims).toHaveLength(1);
  });

  it('never overlaps passes: kicks during a pass queue one more, joined by later kicks', async () => {
    let running = 0;
    let mostRunning = 0;
    let passes = 0;
    let open = () => {};
    let gate = new Promise<void>((resolve) => (open = resolve));
    const runner = start(
      sweepJob({
        name: 'fake-sweep',
        ...hour,
        sweep: async () => {
          running += 1;
          passes += 1;
          mostRunning = Math.max(mostRunning, running);
          await gate;
          running -= 1;
        },
      }),
      log,
    );
    const first = runner.drain();
    await expect.poll(() => passes).toBe(1);
    const second = runner.drain();
    runner.kick();
    runner.kick();
    const release = open;
    gate = Promise.resolve();
    release();
    await Promise.all([first, second]);
    expect(passes).toBe(2);
    expect(mostRunning).toBe(1);
  });

  it('reports a failed pass to drain, and polls on: the next pass runs', async () => {
    let calls = 0;
    const runner = start(
      sweepJob({
        name: 'fake-sweep',
        intervalMs: 20,
        failureMessage: 'fake pass failed',
        sweep: async () => {
          calls += 1;
          if (calls === 1) throw new Error('database went away');
        },
      }),
      log,
    );
    await expect(runner.drain()).rejects.toThrow('database went away');
    await expect.poll(() => calls, { timeout: 2_000 }).toBeGreaterThanOrEqual(2);
  });

  it('runs the first pass after firstPassMs, then every intervalMs', async () => {
    let calls = 0;
    start(
      sweepJob({
        name: 'fake-sweep',
        intervalMs: 3_600_000,
        firstPassMs: 10,
        failureMessage: 'fake pass failed',
        sweep: async () => {
          calls += 1;
        },
      }),
      log,
    );
    await expect.poll(() => calls, { timeout: 2_000 }).toBe(1);
  });
});
