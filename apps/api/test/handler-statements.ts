import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';
import type { RouteOptions } from 'fastify';

/**
 * Counts the SQL statements a route's handler runs (its hooks, such as the session read, left
 * out): give `deps` to createTestApp, make a request, read `lastRequest()`. A list that runs
 * one query per row (N+1) shows as a count that grows with the page.
 */
export function handlerStatements() {
  const current = new AsyncLocalStorage<string[]>();
  let last: string[] = [];
  const logger: Logger = {
    logQuery: (query) => {
      current.getStore()?.push(query);
    },
  };
  const onRoute = (route: RouteOptions) => {
    const handler = route.handler;
    route.handler = function (request, reply) {
      const statements: string[] = [];
      last = statements;
      return current.run(statements, () => handler.call(this, request, reply));
    };
  };
  return {
    deps: { logger, onRoute },
    /** The statements the handler of the latest request ran. */
    lastRequest: () => [...last],
  };
}
