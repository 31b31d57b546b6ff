import type { FastifyBaseLogger } from 'fastify';
import type { InstanceRole } from '../config.ts';
import { type JobKind, type JobRunner, startJob } from './job-runner.ts';

/** Whether an instance of this role runs the jobs (decision 054): 'worker' and 'all' do, 'web' never. */
export function roleRunsJobs(role: InstanceRole): boolean {
  return role !== 'web';
}

/** The jobs of one process, started together once the server listens and stopped together on drain. */
export interface Jobs {
  /** Runs a kind's pass soon (after a commit wrote its rows); unknown or stopped kinds ignore it. */
  kick(name: string): void;
  /** Stops every kind, waiting for their passes; rows they claimed and did not start are given back. */
  stop(): Promise<void>;
  /** Why the jobs are not running: empty while they run (/ready, decision 054). */
  problems(): string[];
}

export function startJobs(kinds: readonly JobKind[], log: FastifyBaseLogger): Jobs {
  const runners = new Map<string, JobRunner>();
  for (const kind of kinds) {
    if (runners.has(kind.name)) throw new Error(`Two job kinds are named ${kind.name}`);
    runners.set(kind.name, startJob(kind, log));
  }
  let running = true;
  return {
    kick(name) {
      runners.get(name)?.kick();
    },
    async stop() {
      running = false;
      await Promise.all([...runners.values()].map((runner) => runner.stop()));
    },
    problems: () => (running ? [] : ['workers-not-running']),
  };
}
