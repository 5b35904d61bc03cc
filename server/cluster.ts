/**
 * `npm run start:cluster`: several API processes on one port and one
 * PostgreSQL (issue 15, part 6). Node's cluster module forks CLUSTER_WORKERS
 * copies of the server (default: one per CPU) that share the listening
 * socket; the primary only hands out connections and restarts a worker
 * that dies after it has listened (one that fails to start stops them all). Everything the workers share lives in PostgreSQL (sessions,
 * codes and attempt counters, rate-limit windows, holds, idempotency keys,
 * the outbox), so it does not matter which worker answers: see
 * docs/decisions.md "Start-up and scale-out". Behind a load balancer, start
 * `node dist/server/main.js` on each machine instead, all with one
 * DATABASE_URL and a DATA_DIR on shared storage (uploaded documents).
 *
 * PGlite is refused: it is PostgreSQL inside one process, and a second
 * process on its data directory would corrupt it (data-dir-lock.ts).
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { clusterRefusal } from './cluster-refusal.js';

const RESTART_DELAY_MS = 1000;

function startPrimary(): void {
  const refusal = clusterRefusal(process.env);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  const count = Number(process.env.CLUSTER_WORKERS || availableParallelism());
  // The workers run the server beside this file: dist/server/main.js, or under
  // tsx (npx tsx server/cluster.ts) server/main.ts.
  const self = process.argv[1] ?? '';
  const underTsx = self.endsWith('.ts');
  cluster.setupPrimary({
    exec: join(dirname(self), underTsx ? 'main.ts' : 'main.js'),
    execArgv: underTsx ? ['--import', 'tsx'] : [],
  });
  let stopping = false;
  let exitCode = 0;
  const listened = new Set<number>();
  for (let i = 0; i < count; i++) cluster.fork();
  console.log(`Cluster of ${count} API processes on PostgreSQL (primary PID ${process.pid})`);
  cluster.on('listening', (worker) => listened.add(worker.id));
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker?.process.kill(signal);
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    const how = signal ?? `code ${code}`;
    if (!listened.has(worker.id)) {
      // It failed to start (configuration, database): another would fail the same way.
      console.error(
        `API process ${worker.process.pid} ended before it listened (${how}); stopping`,
      );
      exitCode = 1;
      stop('SIGTERM');
      return;
    }
    console.error(`API process ${worker.process.pid} ended (${how}); starting another`);
    setTimeout(() => cluster.fork(), RESTART_DELAY_MS);
  });
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (cluster.isPrimary) startPrimary();
