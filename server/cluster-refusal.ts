/**
 * The checks of `npm run start:cluster` (cluster.ts) on its environment, in a
 * module of their own: cluster.ts starts the primary when it is loaded.
 */

/** Why the cluster cannot start with this environment, or undefined. */
export function clusterRefusal(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.DATABASE_URL)
    return (
      'start:cluster runs several API processes, which must share one PostgreSQL: set DATABASE_URL ' +
      '(for example postgres://user@host:5432/portal). PGlite, the embedded default, serves ' +
      'one process only; use npm start for it.'
    );
  const workers = env.CLUSTER_WORKERS;
  if (workers !== undefined && workers !== '' && !/^[1-9]\d?$/.test(workers))
    return `CLUSTER_WORKERS must be a whole number from 1 to 99, got ${workers}`;
  return undefined;
}
