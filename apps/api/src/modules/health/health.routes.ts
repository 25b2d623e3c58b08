import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { DatabaseHandle } from '../../db/client.ts';

const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({ driver: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
});

const ReadinessSchema = z.object({ status: z.enum(['starting', 'ready', 'stopping']) });

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

  // Stopping starts when the app begins to close: requests under way still finish (and the
  // port no longer takes connections), but a load balancer should send nothing new here.
  // While the app is being built, server.ts's stand-in answers "starting".
  let stopping = false;
  app.addHook('preClose', (done) => {
    stopping = true;
    done();
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 while serving, 503 while starting or stopping',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return stopping
        ? reply.status(503).send({ status: 'stopping' })
        : reply.status(200).send({ status: 'ready' });
    },
  );
}
