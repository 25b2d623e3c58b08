import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { DatabaseHandle } from '../../db/client.ts';

const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({ driver: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
});

export async function healthRoutes(
  app: FastifyInstance,
  { database }: { database: DatabaseHandle },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (request, reply) => {
      const ok = await database.ping().then(
        () => true,
        (error: unknown) => {
          request.log.error({ err: error }, 'database health check failed');
          return false;
        },
      );
      const body = {
        status: ok ? 'ok' : 'unavailable',
        database: { driver: database.driver, ok },
      } as const;
      return reply.status(ok ? 200 : 503).send(body);
    },
  );
}
