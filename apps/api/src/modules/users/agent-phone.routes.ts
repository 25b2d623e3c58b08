import { AgentPhoneInputSchema, AgentPhoneSchema } from '@basha/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { user } from '../../db/schema.ts';

const agentsOnly = { access: ['agent'] as const };

/** An agent's phone number, shown with Call and WhatsApp links on their listings' pages. */
export async function agentPhoneRoutes(
  app: FastifyInstance,
  { db }: { db: Database },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/me/phone',
    {
      config: agentsOnly,
      schema: {
        tags: ['users'],
        summary: 'Your phone number as buyers see it (agent)',
        response: { 200: AgentPhoneSchema },
      },
    },
    async (request) => {
      const [row] = await db
        .select({ phone: user.phone })
        .from(user)
        .where(eq(user.id, actorOf(request).id));
      return { phone: row?.phone ?? null };
    },
  );

  r.put(
    '/api/v1/me/phone',
    {
      config: agentsOnly,
      schema: {
        tags: ['users'],
        summary:
          'Set your Bangladeshi mobile number (stored as +8801XXXXXXXXX), or clear it with null (agent)',
        body: AgentPhoneInputSchema,
        response: { 200: AgentPhoneSchema },
      },
    },
    async (request) => {
      const { phone } = request.body;
      await db
        .update(user)
        .set({ phone, updatedAt: sql`now()` })
        .where(eq(user.id, actorOf(request).id));
      return { phone };
    },
  );
}
