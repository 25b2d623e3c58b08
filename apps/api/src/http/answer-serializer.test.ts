import { ListingPageSchema } from '@basha/domain';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { answerSerializerCompiler } from './answer-serializer.ts';

const serializerOf = (schema: z.ZodMiniType) =>
  answerSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const Agent = z.object({ id: z.string(), name: z.string(), photoUrl: z.nullable(z.string()) });
const Answer = z.object({
  title: z.string(),
  agent: Agent,
  buyer: z.nullable(Agent),
  tags: z.array(z.object({ label: z.string() })),
  note: z.optional(z.string()),
});

describe('answers written from their schema', () => {
  it('leave out every property the schema does not name, however deep', () => {
    const row = {
      title: 'Flat in Gulshan',
      passwordHash: 'secret',
      agent: { id: 'a1', name: 'Rahim', photoUrl: null, phone: '+8801711000000' },
      buyer: { id: 'b1', name: 'Karim', photoUrl: '/media/k.webp', email: 'k@example.com' },
      tags: [{ label: 'lift', internal: true }],
    };
    expect(JSON.parse(serializerOf(Answer)(row))).toEqual({
      title: 'Flat in Gulshan',
      agent: { id: 'a1', name: 'Rahim', photoUrl: null },
      buyer: { id: 'b1', name: 'Karim', photoUrl: '/media/k.webp' },
      tags: [{ label: 'lift' }],
    });
  });

  it('write what JSON.stringify of the zod-checked answer wrote, a page of cards included', () => {
    const card = {
      id: '0b6f2a1e-7c1d-4f7e-9a3b-000000000001',
      title: 'Apartment "Nilima", 3 beds \u2014 \u0997\u09c1\u09b2\u09b6\u09be\u09a8',
      location: 'Road 45, Gulshan 2, Dhaka',
      price: { min: 12_000_000, max: 14_000_000 },
      status: 'verified' as const,
      sold: false,
      photo: {
        url: '/media/p-1600.webp',
        srcset: '/media/p-400.webp 400w',
        width: 1600,
        height: 1067,
      },
      photoCount: 5,
      agent: { id: 'a1', name: 'Rahim', email: 'rahim@example.com', photoUrl: null },
      createdAt: '2026-12-05T01:02:03.456Z',
      facts: { type: 'apartment' as const, bedrooms: 3, bathrooms: 2, size: null },
    };
    const page = { items: [card, { ...card, id: 'other', sold: true }], nextCursor: null };
    const checked = z.parse(ListingPageSchema, page);
    expect(serializerOf(ListingPageSchema)(page)).toBe(JSON.stringify(checked));
  });

  it('fail, as a 500, when an answer lacks a property the schema requires', () => {
    expect(() => serializerOf(Answer)({ title: 'No agent', buyer: null, tags: [] })).toThrow(
      /agent/,
    );
  });

  it('fail, naming the route, for a schema JSON Schema cannot express', () => {
    const transformed = z.object({
      at: z.pipe(
        z.string(),
        z.transform((s) => s.length),
      ),
    });
    expect(() => serializerOf(transformed)({ at: 'now' })).toThrow('The 200 answer of GET /test');
  });
});
