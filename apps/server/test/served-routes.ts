import type { FastifyInstance } from 'fastify';

/**
 * Every route the app serves, as method and path, read from Fastify's printed route tree. A path
 * that starts another's is printed once and the longer one as a branch under it ("/legaltext",
 * then "s" beneath), so each branch's path is its parents' joined with its own segment.
 */
export function servedRoutes(app: FastifyInstance): { method: string; path: string }[] {
  const parents: string[] = [];
  const routes: { method: string; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = node[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + node[2]!;
    parents.length = depth;
    parents.push(path);
    for (const method of node[3]?.split(', ') ?? []) routes.push({ method, path });
  }
  return routes;
}
