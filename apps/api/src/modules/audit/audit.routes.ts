import { AuditLogQuerySchema, AuditPageSchema } from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { listAuditLog } from './audit.service.ts';

export async function auditRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/admin/audit-log',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['audit'],
        summary: 'Every admin decision, newest first: who, what, to which record, when (admin)',
        querystring: AuditLogQuerySchema,
        response: { 200: AuditPageSchema },
      },
    },
    (request) => listAuditLog(db, request.query),
  );
}
