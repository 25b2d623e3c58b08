import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ListingFieldsSchema,
  listingMessages,
  listingRevisionMessages,
  messageCodeOf,
} from '@basha/domain';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../../test/factories.ts';
import { call, updateListing, validFacts } from '../../../test/listing-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { auditLog, listingRevision, notification, offer } from '../../db/schema.ts';
import { listingUpdateColumnsOf } from './listing-changes.repository.ts';

let t: TestApp;
let agent: TestAccount;
let admin: TestAccount;
let otherAdmin: TestAccount;
let user: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  [agent, admin, otherAdmin, user] = await Promise.all([
    createAccount(t, 'agent', { name: 'Agent Rahim' }),
    createAccount(t, 'admin', { name: 'Admin Ayesha' }),
    createAccount(t, 'admin'),
    createAccount(t, 'user'),
  ]);
});
afterAll(() => t.close());

const raisedPrice = {
  title: 'Lake-view flat in Gulshan',
  location: 'Gulshan 2, Dhaka',
  description: 'A bright three-bedroom flat near the lake.',
  priceMin: '9000',
  priceMax: '9500',
  ...validFacts,
};

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a9d8f' } })
    .jpeg()
    .toBuffer();

/** A verified listing with the fields above (facts included) but the price 5 000–5 100 TK. */
const verifiedListing = () =>
  createListing(
    t,
    agent,
    listingUpdateColumnsOf(
      ListingFieldsSchema.parse({ ...raisedPrice, priceMin: '5000', priceMax: '5100' }),
    ),
  );

const details = (account: TestAccount, id: string) =>
  call(t, account, 'GET', `/api/v1/listings/${id}`);
const revisionsUrl = '/api/v1/admin/listing-revisions';
const approve = (account: TestAccount, revisionId: string) =>
  call(t, account, 'POST', `${revisionsUrl}/${revisionId}/approve`);
const reject = (account: TestAccount, revisionId: string, reason?: string) =>
  call(
    t,
    account,
    'POST',
    `${revisionsUrl}/${revisionId}/reject`,
    reason === undefined ? {} : { reason },
  );

async function pendingRevisionIdOf(listingId: string): Promise<string> {
  const response = await details(agent, listingId);
  const id = response.json().pendingRevision?.id;
  if (!id) throw new Error(`no pending revision on ${listingId}`);
  return id;
}

function photoForm(bytes: Buffer): FormData {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'p.jpg');
  return form;
}

async function mediaStatus(url: string) {
  return (await t.app.inject({ method: 'GET', url })).statusCode;
}

async function listingPhotoFiles(): Promise<string[]> {
  return (await fs.readdir(path.join(t.dataDir, 'media', 'listing-photos')).catch(() => [])).sort();
}

describe('an agent’s edit of a verified listing', () => {
  it('changes nothing public and waits as a pending revision the agent sees', async () => {
    const id = await verifiedListing();
    const response = await updateListing(t, agent, id, raisedPrice);
    expect(response.statusCode).toBe(200);
    // The answer is the listing as it stands: the verified version, with the edit pending.
    expect(response.json()).toMatchObject({
      price: { min: 5000, max: 5100 },
      status: 'verified',
      pendingRevision: { id: expect.any(String), submittedAt: expect.any(String) },
    });

    const publicView = (await details(user, id)).json();
    expect(publicView.price).toEqual({ min: 5000, max: 5100 });
    expect(publicView.pendingRevision).toBeNull();

    const mine = (await call(t, agent, 'GET', '/api/v1/listings/mine?limit=100')).json();
    expect(mine.items.find((item: { id: string }) => item.id === id)).toMatchObject({
      price: { min: 5000, max: 5100 },
      pendingRevision: { id: expect.any(String) },
      revisionRejection: null,
    });
    const browse = (await call(t, user, 'GET', '/api/v1/listings?limit=100')).json();
    expect(browse.items.find((item: { id: string }) => item.id === id).price).toEqual({
      min: 5000,
      max: 5100,
    });
  });

  it('a second edit replaces the pending one; deciding the replaced one is a conflict', async () => {
    const id = await verifiedListing();
    const photoBefore = await listingPhotoFiles();
    await updateListing(t, agent, id, raisedPrice, { bytes: await jpeg(900, 600) });
    const first = await pendingRevisionIdOf(id);
    const [firstEdit] = await t.database.db
      .select({ edit: listingRevision.edit })
      .from(listingRevision)
      .where(eq(listingRevision.id, first));
    const firstPhotoKey = (firstEdit?.edit as { gallery?: { photoKey: string }[] } | undefined)
      ?.gallery?.[0]?.photoKey;
    expect((await listingPhotoFiles()).length).toBeGreaterThan(photoBefore.length);

    await updateListing(t, agent, id, { ...raisedPrice, priceMin: '9100' });
    const second = await pendingRevisionIdOf(id);
    expect(second).not.toBe(first);

    const rows = await t.database.db
      .select({ id: listingRevision.id, status: listingRevision.status })
      .from(listingRevision)
      .where(eq(listingRevision.listingId, id));
    expect(rows.filter((row) => row.status === 'pending')).toEqual([
      { id: second, status: 'pending' },
    ]);
    expect(rows.find((row) => row.id === first)?.status).toBe('superseded');
    // The replaced edit's photo is gone from media.
    expect(await mediaStatus(`/media/${firstPhotoKey}-400.webp`)).toBe(404);

    const stale = await approve(admin, first);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().messageCode).toBe(messageCodeOf(listingRevisionMessages.superseded));
    expect((await details(user, id)).json().price).toEqual({ min: 5000, max: 5100 });
  });

  it('an edit back to the public version withdraws the pending one and waits for nothing', async () => {
    const id = await verifiedListing();
    await updateListing(t, agent, id, raisedPrice);
    const withdrawn = await pendingRevisionIdOf(id);
    const unchanged = { ...raisedPrice, priceMin: '5000', priceMax: '5100' };
    const response = await updateListing(t, agent, id, unchanged);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ pendingRevision: null, price: { min: 5000 } });
    const [row] = await t.database.db
      .select({ status: listingRevision.status })
      .from(listingRevision)
      .where(eq(listingRevision.id, withdrawn));
    expect(row?.status).toBe('superseded');
  });

  it('pending listings still change at once, and rejected ones stay final', async () => {
    const pending = await createListing(t, agent, { status: 'pending' });
    const direct = await updateListing(t, agent, pending, raisedPrice);
    expect(direct.json()).toMatchObject({ price: { min: 9000, max: 9500 }, pendingRevision: null });

    const rejected = await createListing(t, agent, { status: 'rejected' });
    const refused = await updateListing(t, agent, rejected, raisedPrice);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().messageCode).toBe(messageCodeOf(listingMessages.rejectedCannotChange));
    const revisions = await t.database.db
      .select()
      .from(listingRevision)
      .where(eq(listingRevision.listingId, rejected));
    expect(revisions).toEqual([]);
  });
});

describe('the admins’ review', () => {
  it('lists pending revisions and shows one field by field, old → new, photos included', async () => {
    const id = await verifiedListing();
    await updateListing(
      t,
      agent,
      id,
      { ...raisedPrice, title: 'Lake-view flat, renovated' },
      {
        bytes: await jpeg(1000, 500),
      },
    );
    const revisionId = await pendingRevisionIdOf(id);

    const list = (await call(t, admin, 'GET', `${revisionsUrl}?limit=100`)).json();
    expect(list.items.find((item: { id: string }) => item.id === revisionId)).toEqual({
      id: revisionId,
      listing: { id, title: 'Lake-view flat in Gulshan' },
      agent: { id: agent.id, name: 'Agent Rahim' },
      changedFields: ['title', 'priceMin', 'priceMax', 'photos'],
      submittedAt: expect.any(String),
    });

    const revision = (await call(t, admin, 'GET', `${revisionsUrl}/${revisionId}`)).json();
    expect(revision).toMatchObject({ id: revisionId, status: 'pending', reason: null });
    expect(revision.changes).toEqual([
      { field: 'title', from: 'Lake-view flat in Gulshan', to: 'Lake-view flat, renovated' },
      { field: 'priceMin', from: 5000, to: 9000 },
      { field: 'priceMax', from: 5100, to: 9500 },
      {
        field: 'photos',
        from: [
          expect.objectContaining({ url: expect.stringMatching(/^\/media\/listing-photos\//) }),
        ],
        to: [expect.objectContaining({ width: 1000, height: 500 })],
      },
    ]);
    // The new photo is already in media, so the admin sees it before deciding.
    expect(await mediaStatus(revision.changes[3].to[0].url)).toBe(200);
  });

  it('approving puts the edit live, keeps the listing verified, and records it', async () => {
    const id = await verifiedListing();
    await updateListing(t, agent, id, raisedPrice);
    const revisionId = await pendingRevisionIdOf(id);

    const response = await approve(admin, revisionId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'approved', decidedAt: expect.any(String) });

    const publicView = (await details(user, id)).json();
    expect(publicView).toMatchObject({ price: { min: 9000, max: 9500 }, status: 'verified' });
    expect((await details(agent, id)).json()).toMatchObject({
      pendingRevision: null,
      revisionRejection: null,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'listing.revision_approved')));
    expect(audit).toEqual([
      expect.objectContaining({ actorName: 'Admin Ayesha', details: { revisionId } }),
    ]);
    const told = await t.database.db
      .select()
      .from(notification)
      .where(and(eq(notification.listingId, id), eq(notification.recipientId, agent.id)));
    expect(told.map((entry) => entry.kind)).toEqual(['revisionApproved']);
  });

  it('rejecting needs a reason, which the agent sees; public unchanged and the photo removed', async () => {
    const id = await verifiedListing();
    await updateListing(t, agent, id, raisedPrice, { bytes: await jpeg(800, 800) });
    const revisionId = await pendingRevisionIdOf(id);
    const proposed = (await call(t, admin, 'GET', `${revisionsUrl}/${revisionId}`)).json();
    const newPhotoUrl = proposed.changes.find((c: { field: string }) => c.field === 'photos').to[0]
      .url;
    expect(await mediaStatus(newPhotoUrl)).toBe(200);

    const blank = await reject(admin, revisionId, '  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0]).toMatchObject({
      path: 'reason',
      messageCode: messageCodeOf(listingRevisionMessages.reasonRequired),
    });
    expect((await reject(admin, revisionId)).statusCode).toBe(400);
    expect((await details(agent, id)).json().pendingRevision?.id).toBe(revisionId);

    const reason = 'The new price is not what the owner agreed.';
    const response = await reject(admin, revisionId, reason);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'rejected', reason });

    expect((await details(user, id)).json().price).toEqual({ min: 5000, max: 5100 });
    expect((await details(agent, id)).json()).toMatchObject({
      price: { min: 5000, max: 5100 },
      pendingRevision: null,
      revisionRejection: { reason, decidedAt: expect.any(String) },
    });
    const mine = (await call(t, agent, 'GET', '/api/v1/listings/mine?limit=100')).json();
    expect(mine.items.find((item: { id: string }) => item.id === id).revisionRejection).toEqual({
      reason,
      decidedAt: expect.any(String),
    });
    expect(await mediaStatus(newPhotoUrl)).toBe(404);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'listing.revision_rejected')));
    expect(audit.map((entry) => entry.details)).toEqual([{ revisionId, reason }]);
    const [told] = await t.database.db
      .select()
      .from(notification)
      .where(and(eq(notification.listingId, id), eq(notification.kind, 'revisionRejected')));
    expect(told?.params).toMatchObject({ reason });
  });

  it.each([
    ['approve', 'approve'],
    ['approve', 'reject'],
    ['reject', 'reject'],
  ] as const)(
    'two admins deciding at once (%s, %s): exactly one wins, the other gets 409',
    async (a, b) => {
      const id = await verifiedListing();
      await updateListing(t, agent, id, raisedPrice);
      const revisionId = await pendingRevisionIdOf(id);
      const decideAs = (account: TestAccount, how: 'approve' | 'reject') =>
        how === 'approve'
          ? approve(account, revisionId)
          : reject(account, revisionId, 'Not agreed.');

      const answers = await Promise.all([decideAs(admin, a), decideAs(otherAdmin, b)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.statusCode === 409);
      expect([
        messageCodeOf(listingRevisionMessages.alreadyApproved),
        messageCodeOf(listingRevisionMessages.alreadyRejected),
      ]).toContain(loser?.json().messageCode);
      const decisions = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, id));
      expect(decisions).toHaveLength(1);
    },
  );

  it('carries facts, place and the photo list through review, applied only on approval', async () => {
    const id = await verifiedListing();
    const cover = (await details(user, id)).json().photos[0].key;
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/listing-photos',
      headers: { cookie: agent.cookie },
      payload: photoForm(await jpeg(640, 480)),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const added = uploaded.json().key;
    const form = new FormData();
    const moved = { ...raisedPrice, priceMin: '5000', priceMax: '5100', bedrooms: '4' };
    for (const [name, value] of Object.entries({ ...moved, size: '1600' })) {
      form.append(name, value);
    }
    form.set('area', 'banani');
    form.append('photos', JSON.stringify([{ key: added, caption: 'Balcony' }, { key: cover }]));
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/listings/${id}`,
      headers: { cookie: agent.cookie },
      payload: form,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const before = (await details(user, id)).json();
    expect(before.photos.map((p: { key: string }) => p.key)).toEqual([cover]);
    expect(before.facts.bedrooms).toBe(3);
    // Only its agent (and admins) read the edit whole, as the update form starts from it.
    expect(before.pendingEdit).toBeNull();
    const pendingEdit = (await details(agent, id)).json().pendingEdit;
    expect(pendingEdit).toMatchObject({
      title: raisedPrice.title,
      price: { min: 5000, max: 5100 },
      facts: { bedrooms: 4, size: { value: 1600, unit: 'sqft' } },
      place: { division: 'dhaka', district: 'dhaka', area: 'banani' },
    });
    expect(
      pendingEdit.photos.map((p: { key: string; caption: string | null }) => [p.key, p.caption]),
    ).toEqual([
      [added, 'Balcony'],
      [cover, null],
    ]);
    expect((await details(admin, id)).json().pendingEdit).toEqual(pendingEdit);

    const revisionId = await pendingRevisionIdOf(id);
    const revision = (await call(t, admin, 'GET', `${revisionsUrl}/${revisionId}`)).json();
    // The size compares as the stored size (value and square feet), its unit unchanged.
    expect(revision.changes.map((c: { field: string }) => c.field)).toEqual([
      'bedrooms',
      'sizeValue',
      'sizeSqft',
      'area',
      'photos',
    ]);
    expect(revision.changes.find((c: { field: string }) => c.field === 'photos')).toMatchObject({
      from: [expect.objectContaining({ width: 1200 })],
      to: [expect.objectContaining({ width: 640, height: 480 }), expect.objectContaining({})],
    });

    expect((await approve(admin, revisionId)).statusCode).toBe(200);
    const after = (await details(user, id)).json();
    expect(
      after.photos.map((p: { key: string; caption: string | null }) => [p.key, p.caption]),
    ).toEqual([
      [added, 'Balcony'],
      [cover, null],
    ]);
    expect(after.facts).toMatchObject({ bedrooms: 4, size: { value: 1600, unit: 'sqft' } });
    expect(after.place).toEqual({ division: 'dhaka', district: 'dhaka', area: 'banani' });
    expect((await details(agent, id)).json().pendingEdit).toBeNull();
  });

  it('answers 404 for a revision that does not exist', async () => {
    const response = await approve(admin, '00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json().messageCode).toBe(messageCodeOf(listingRevisionMessages.notFound));
  });
});

describe('offers keep the price they were made against', () => {
  it('shows the agent and the buyer the old range after an approved price change', async () => {
    const id = await verifiedListing();
    const [made] = await t.database.db
      .insert(offer)
      .values({ listingId: id, buyerId: user.id, amount: 5050, deadline: '2099-01-01' })
      .returning({ id: offer.id, min: offer.listingPriceMin, max: offer.listingPriceMax });
    expect(made).toMatchObject({ min: 5000, max: 5100 });

    await updateListing(t, agent, id, raisedPrice);
    await approve(admin, await pendingRevisionIdOf(id));

    const received = (await call(t, agent, 'GET', '/api/v1/offers/received?limit=100')).json();
    expect(received.items.find((item: { id: string }) => item.id === made?.id)).toMatchObject({
      listing: { id, price: { min: 9000, max: 9500 } },
      priceAtOffer: { min: 5000, max: 5100 },
    });
    const mine = (await call(t, user, 'GET', '/api/v1/offers/mine?limit=100')).json();
    expect(mine.items.find((item: { id: string }) => item.id === made?.id)).toMatchObject({
      listing: { price: { min: 9000, max: 9500 } },
      priceAtOffer: { min: 5000, max: 5100 },
    });
  });
});

describe('the OpenAPI document', () => {
  it('documents the revision routes and the new fields', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/admin/listing-revisions',
        '/api/v1/admin/listing-revisions/{id}',
        '/api/v1/admin/listing-revisions/{id}/approve',
        '/api/v1/admin/listing-revisions/{id}/reject',
      ]),
    );
    const okSchema = (path: string, method: string) =>
      JSON.stringify(spec.paths[path][method].responses['200'].content['application/json'].schema);
    expect(okSchema('/api/v1/listings/mine', 'get')).toContain('pendingRevision');
    expect(okSchema('/api/v1/listings/mine', 'get')).toContain('revisionRejection');
    expect(okSchema('/api/v1/offers/received', 'get')).toContain('priceAtOffer');
    expect(okSchema('/api/v1/admin/listing-revisions/{id}', 'get')).toContain('changes');
    const reject = spec.paths['/api/v1/admin/listing-revisions/{id}/reject'].post;
    expect(reject.requestBody.content['application/json'].schema.required).toEqual(['reason']);
  });
});
