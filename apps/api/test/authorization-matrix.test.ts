import { randomUUID } from 'node:crypto';
import { todayInDhaka } from '@basha/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversation,
  conversationReport,
  listingRevision,
  notification,
  offer,
  payment,
  paymentIntent,
  review,
  savedSearch,
  session,
  user,
  wishlistItem,
} from '../src/db/schema.ts';
import { signUnsubscribeToken } from '../src/modules/email/unsubscribe-token.ts';
import { databaseFingerprint } from './database-fingerprint.ts';
import { createListing } from './factories.ts';
import { FAKE_BKASH_CREDENTIALS, type FakeBkash, startFakeBkash } from './fake-bkash-server.ts';
import {
  FAKE_SSLCOMMERZ_STORE,
  type FakeSslcommerz,
  startFakeSslcommerz,
} from './fake-sslcommerz-server.ts';
import { dueJobsRan } from './jobs-settled.ts';
import { validFacts } from './listing-test-kit.ts';
import { acceptedOffer } from './payments-test-kit.ts';
import { resetEmailIn } from './reset-email.ts';
import { startTestSmtpServer, type TestSmtpServer } from './smtp-test-server.ts';
import {
  APP_ORIGIN,
  createAccount,
  createTestApp,
  samplePhoto,
  signUpForm,
  type TestAccount,
  type TestApp,
} from './test-app.ts';

/**
 * Every /api/v1 route × every kind of caller, run for real. A route registered without a
 * row here fails the last test, so new endpoints cannot skip this table.
 */
const ACTORS = [
  'anonymous',
  'user',
  'otherUser',
  'agent',
  'otherAgent',
  'fraudAgent',
  'admin',
] as const;
type ActorName = (typeof ACTORS)[number];
type Expected = Record<ActorName, number>;

type Fixture = {
  t: TestApp;
  accounts: Record<Exclude<ActorName, 'anonymous'>, TestAccount>;
};

type Request = {
  url: string;
  payload?: object | FormData;
  cookie?: string;
  /** An event stream: its status is read as the headers arrive, then it is cut. */
  stream?: true;
};
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as registered (OpenAPI path syntax). */
  route: string;
  /** Builds fresh resources for each call, so one caller's success never changes another's answer. */
  prepare: (fx: Fixture) => Promise<Request>;
  expected: Expected;
};

/** Most routes: one role may, the others are refused. */
const only = (allowed: ActorName[], success: number, deniedSignedIn = 403): Expected =>
  Object.fromEntries(
    ACTORS.map((actor) => [
      actor,
      allowed.includes(actor) ? success : actor === 'anonymous' ? 401 : deniedSignedIn,
    ]),
  ) as Expected;
const allSignedIn = (success: number): Expected => ({
  ...only([...ACTORS], success),
  anonymous: 401,
});
const everyone = (success: number): Expected => only([...ACTORS], success);
const agents = ['agent', 'otherAgent', 'fraudAgent'] as ActorName[];
const users = ['user', 'otherUser'] as ActorName[];

const tomorrow = () => {
  const date = new Date(`${todayInDhaka()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

async function listingForm(): Promise<FormData> {
  const form = new FormData();
  form.append('title', 'Matrix flat');
  form.append('location', 'Banani, Dhaka');
  form.append('description', 'A flat used by the authorization matrix.');
  form.append('priceMin', '5000');
  form.append('priceMax', '5100');
  for (const [name, value] of Object.entries(validFacts)) form.append(name, value);
  form.append(
    'photo',
    new Blob([new Uint8Array(await samplePhoto())], { type: 'image/png' }),
    'p.png',
  );
  return form;
}

const agentListing = (fx: Fixture, overrides = {}) =>
  createListing(fx.t, fx.accounts.agent, overrides);
const userWishlistItem = async (fx: Fixture) => {
  const listingId = await agentListing(fx);
  const [row] = await fx.t.database.db
    .insert(wishlistItem)
    .values({ userId: fx.accounts.user.id, listingId: listingId })
    .returning();
  return row?.id as string;
};
/** A pending revision (an edit waiting for review) of one of the agent's verified listings. */
const pendingRevision = async (fx: Fixture) => {
  const listingId = await agentListing(fx);
  const fields = {
    title: 'Matrix flat',
    location: 'Banani, Dhaka',
    description: 'A flat used by the authorization matrix.',
    priceMin: 6000,
    priceMax: 6100,
  };
  const [row] = await fx.t.database.db
    .insert(listingRevision)
    .values({ listingId, agentId: fx.accounts.agent.id, edit: { fields, photo: null } })
    .returning();
  return row?.id as string;
};
/** The user's thread with the agent about one of the agent's listings; `reported` for admins. */
const userConversation = async (fx: Fixture, { reported = false } = {}) => {
  const listingId = await agentListing(fx);
  const [row] = await fx.t.database.db
    .insert(conversation)
    .values({
      listingId,
      buyerId: fx.accounts.user.id,
      agentId: fx.accounts.agent.id,
      lastReportedAt: reported ? new Date() : null,
    })
    .returning();
  if (reported && row) {
    await fx.t.database.db
      .insert(conversationReport)
      .values({ conversationId: row.id, reporterId: fx.accounts.user.id, reason: 'Matrix' });
  }
  return row?.id as string;
};
/** Participants succeed; every other signed-in caller finds no such conversation. */
const participantsOf = (success: number, admin = 404): Expected => ({
  ...only(['user', 'agent'], success, 404),
  admin,
});
const pendingOfferOnAgentListing = async (fx: Fixture) => {
  const listingId = await agentListing(fx);
  const [row] = await fx.t.database.db
    .insert(offer)
    .values({
      listingId: listingId,
      buyerId: fx.accounts.user.id,
      amount: 5050,
      deadline: tomorrow(),
    })
    .returning();
  return row?.id as string;
};
const acceptedOfferOfUser = async (
  fx: Fixture,
  values: Partial<typeof offer.$inferInsert> = {},
) => {
  const listingId = await agentListing(fx);
  const [row] = await fx.t.database.db
    .insert(offer)
    .values({
      listingId: listingId,
      buyerId: fx.accounts.user.id,
      amount: 5050,
      deadline: tomorrow(),
      status: 'accepted',
      ...values,
    })
    .returning();
  return row?.id as string;
};
/** An offer of the user's paid with the sandbox, whose payment is on record: refundable. */
const paidOfferOfUser = async (fx: Fixture) => {
  const offerId = await acceptedOfferOfUser(fx, { status: 'paid', paidAt: new Date() });
  await fx.t.database.db.insert(payment).values({
    offerId,
    provider: 'sandbox',
    reference: `pi_sandbox_matrix_${offerId}`,
    amount: 5050,
    currency: 'BDT',
  });
  return offerId;
};
/** An accepted offer of the user's with its sandbox payment started; returns a card payment. */
const startedPaymentOfUser = async (fx: Fixture) => {
  const offerId = await acceptedOfferOfUser(fx);
  const clientSecret = `pi_sandbox_matrix_secret_${offerId}`;
  await fx.t.database.db.insert(paymentIntent).values({
    offerId,
    provider: 'sandbox',
    reference: `pi_sandbox_matrix_${offerId}`,
    clientSecret,
    amount: 5050,
    currency: 'BDT',
  });
  const expiry = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
  return {
    url: `/api/v1/offers/${offerId}/payment`,
    payload: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry, cvc: '123' },
  };
};
/** A listing of the agent's, sold to the user (a paid offer), as a sale leaves it. */
const listingSoldToUser = async (fx: Fixture) => {
  const listingId = await agentListing(fx, { soldAt: new Date() });
  await fx.t.database.db.insert(offer).values({
    listingId: listingId,
    buyerId: fx.accounts.user.id,
    amount: 5050,
    deadline: tomorrow(),
    status: 'paid',
    paidAt: new Date(),
  });
  return listingId;
};
/** A pending listing of the fraud agent's, hidden with them when they were marked. */
const fraudAgentPendingListing = (fx: Fixture) =>
  createListing(fx.t, fx.accounts.fraudAgent, { status: 'pending', delistedAt: new Date() });
const userReview = async (fx: Fixture) => {
  const listingId = await agentListing(fx);
  const [row] = await fx.t.database.db
    .insert(review)
    .values({ listingId: listingId, reviewerId: fx.accounts.user.id, rating: 4, text: 'Good' })
    .returning();
  return row?.id as string;
};
/** Another signed-in device of the user's, inserted directly (no password hashing). */
const userSecondSession = async (fx: Fixture) => {
  const [row] = await fx.t.database.db
    .insert(session)
    .values({
      userId: fx.accounts.user.id,
      token: randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return row?.id as string;
};
/** A notification of the user's (their wishlisted listing was reviewed, say). */
const userNotification = async (fx: Fixture) => {
  const [row] = await fx.t.database.db
    .insert(notification)
    .values({ recipientId: fx.accounts.user.id, kind: 'roleChanged', params: { role: 'user' } })
    .returning({ id: notification.id });
  return row?.id as string;
};
/** One of the user's saved searches. */
const userSavedSearch = async (fx: Fixture) => {
  const [row] = await fx.t.database.db
    .insert(savedSearch)
    .values({ userId: fx.accounts.user.id, name: 'Banani', search: { location: 'Banani' } })
    .returning({ id: savedSearch.id });
  return row?.id as string;
};
/** The unsubscribe link of an email to the user: the signed token is the only credential. */
const userUnsubscribeUrl = (fx: Fixture) =>
  `/api/v1/email/unsubscribe?token=${encodeURIComponent(
    signUnsubscribeToken(fx.t.config.authSecret, {
      userId: fx.accounts.user.id,
      kind: 'reviewReceived',
    }),
  )}`;
/**
 * A fresh account row to act on, so promote/fraud/delete rows have a target each time.
 * Inserted directly: these targets never log in, and password hashing would dominate the run.
 */
const freshAccountId = async (fx: Fixture, role: 'user' | 'agent' = 'user') => {
  const [row] = await fx.t.database.db
    .insert(user)
    .values({
      name: `Target ${randomUUID().slice(0, 8)}`,
      email: `target-${randomUUID()}@example.test`,
      role,
    })
    .returning({ id: user.id });
  return row?.id as string;
};

/**
 * The token of a reset link for a fresh account, read from its email: asked for through the
 * route from an address of its own, so the per-address limit is the row's alone.
 */
const resetToken = async (fx: Fixture): Promise<string> => {
  const email = `reset-${randomUUID()}@example.test`;
  await fx.t.database.db.insert(user).values({ name: 'Reset target', email });
  const asked = await fx.t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset-requests',
    headers: { origin: APP_ORIGIN },
    remoteAddress: `192.0.2.${Math.floor(Math.random() * 250) + 1}`,
    payload: { email },
  });
  if (asked.statusCode !== 202) throw new Error(`reset request refused: ${asked.body}`);
  return (await resetEmailIn(smtp, email)).token;
};

const ROWS: Row[] = [
  {
    method: 'GET',
    route: '/api/v1/auth/providers',
    prepare: async () => ({ url: '/api/v1/auth/providers' }),
    expected: everyone(200),
  },
  // A forgotten password: anyone, signed in or not (a signed-in person may ask for another
  // account's link too; it goes to that account's inbox).
  {
    method: 'POST',
    route: '/api/v1/auth/password-reset-requests',
    prepare: async () => ({
      url: '/api/v1/auth/password-reset-requests',
      payload: { email: `nobody-${randomUUID()}@example.test` },
    }),
    expected: everyone(202),
  },
  {
    method: 'POST',
    route: '/api/v1/auth/password-resets',
    prepare: async (fx) => ({
      url: '/api/v1/auth/password-resets',
      payload: { token: await resetToken(fx), password: 'Chattogram@2027' },
    }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/session',
    prepare: async () => ({ url: '/api/v1/session' }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/me',
    prepare: async () => ({ url: '/api/v1/me' }),
    expected: allSignedIn(200),
  },
  // Your own signed-in devices
  {
    method: 'GET',
    route: '/api/v1/me/sessions',
    prepare: async () => ({ url: '/api/v1/me/sessions' }),
    expected: allSignedIn(200),
  },
  {
    method: 'DELETE',
    route: '/api/v1/me/sessions/{id}',
    prepare: async (fx) => ({ url: `/api/v1/me/sessions/${await userSecondSession(fx)}` }),
    // Nobody else can sign the user's session out; to them it does not exist.
    expected: only(['user'], 204, 404),
  },
  {
    method: 'DELETE',
    route: '/api/v1/me/sessions/others',
    prepare: async () => ({ url: '/api/v1/me/sessions/others' }),
    expected: allSignedIn(200),
  },
  {
    method: 'PUT',
    route: '/api/v1/me/password',
    // Every fixture account has the same password; "changed" to itself, it stays usable.
    prepare: async (fx) => ({
      url: '/api/v1/me/password',
      payload: {
        currentPassword: fx.accounts.user.password,
        newPassword: fx.accounts.user.password,
      },
    }),
    expected: allSignedIn(200),
  },
  // Notifications: each caller's own; another's is 404, as if it did not exist
  {
    method: 'GET',
    route: '/api/v1/me/notifications',
    prepare: async () => ({ url: '/api/v1/me/notifications' }),
    expected: allSignedIn(200),
  },
  {
    method: 'GET',
    route: '/api/v1/me/notifications/unread-count',
    prepare: async () => ({ url: '/api/v1/me/notifications/unread-count' }),
    expected: allSignedIn(200),
  },
  {
    method: 'POST',
    route: '/api/v1/me/notifications/read-all',
    prepare: async () => ({ url: '/api/v1/me/notifications/read-all' }),
    expected: allSignedIn(200),
  },
  {
    method: 'POST',
    route: '/api/v1/me/notifications/{id}/read',
    prepare: async (fx) => ({ url: `/api/v1/me/notifications/${await userNotification(fx)}/read` }),
    expected: only(['user'], 200, 404),
  },
  {
    method: 'GET',
    route: '/api/v1/me/events',
    prepare: async () => ({ url: '/api/v1/me/events', stream: true }),
    expected: allSignedIn(200),
  },
  // Email settings: each caller's own. The unsubscribe link answers whoever holds its
  // signed token (a mail provider posts it with no session), and acts for its user only.
  {
    method: 'GET',
    route: '/api/v1/me/email-preferences',
    prepare: async () => ({ url: '/api/v1/me/email-preferences' }),
    expected: allSignedIn(200),
  },
  {
    method: 'PATCH',
    route: '/api/v1/me/email-preferences',
    prepare: async () => ({
      url: '/api/v1/me/email-preferences',
      payload: { email: { reviewReceived: false } },
    }),
    expected: allSignedIn(200),
  },
  {
    method: 'GET',
    route: '/api/v1/email/unsubscribe',
    prepare: async (fx) => ({ url: userUnsubscribeUrl(fx) }),
    expected: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/email/unsubscribe',
    prepare: async (fx) => ({ url: userUnsubscribeUrl(fx) }),
    expected: everyone(200),
  },
  // Saved searches: each caller's own; another's is 404, as if it did not exist
  {
    method: 'GET',
    route: '/api/v1/me/saved-searches',
    prepare: async () => ({ url: '/api/v1/me/saved-searches' }),
    expected: allSignedIn(200),
  },
  {
    method: 'POST',
    route: '/api/v1/me/saved-searches',
    prepare: async () => ({
      url: '/api/v1/me/saved-searches',
      payload: { name: 'Gulshan', search: { location: 'Gulshan', maxPrice: '9000' } },
    }),
    expected: allSignedIn(201),
  },
  {
    method: 'PATCH',
    route: '/api/v1/me/saved-searches/{id}',
    prepare: async (fx) => ({
      url: `/api/v1/me/saved-searches/${await userSavedSearch(fx)}`,
      payload: { frequency: 'daily' },
    }),
    expected: only(['user'], 200, 404),
  },
  {
    method: 'DELETE',
    route: '/api/v1/me/saved-searches/{id}',
    prepare: async (fx) => ({ url: `/api/v1/me/saved-searches/${await userSavedSearch(fx)}` }),
    expected: only(['user'], 204, 404),
  },
  // Users & roles (admin)
  {
    method: 'GET',
    route: '/api/v1/users',
    prepare: async () => ({ url: '/api/v1/users' }),
    expected: only(['admin'], 200),
  },
  {
    method: 'PATCH',
    route: '/api/v1/users/{id}/role',
    prepare: async (fx) => ({
      url: `/api/v1/users/${await freshAccountId(fx)}/role`,
      payload: { role: 'agent' },
    }),
    expected: only(['admin'], 200),
  },
  {
    method: 'POST',
    route: '/api/v1/users/{id}/fraud',
    prepare: async (fx) => ({
      url: `/api/v1/users/${await freshAccountId(fx, 'agent')}/fraud`,
    }),
    expected: only(['admin'], 200),
  },
  {
    method: 'DELETE',
    route: '/api/v1/users/{id}',
    prepare: async (fx) => ({ url: `/api/v1/users/${await freshAccountId(fx)}` }),
    expected: only(['admin'], 204),
  },
  {
    method: 'GET',
    route: '/api/v1/admin/audit-log',
    prepare: async () => ({ url: '/api/v1/admin/audit-log' }),
    expected: only(['admin'], 200),
  },
  // Listings
  {
    method: 'GET',
    route: '/api/v1/listings',
    prepare: async () => ({ url: '/api/v1/listings' }),
    expected: allSignedIn(200),
  },
  {
    method: 'GET',
    route: '/api/v1/listings/counts',
    prepare: async () => ({ url: '/api/v1/listings/counts?types=apartment&minBedrooms=3' }),
    expected: allSignedIn(200),
  },
  {
    method: 'GET',
    route: '/api/v1/listings/latest',
    prepare: async () => ({ url: '/api/v1/listings/latest' }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/listings/{id}',
    prepare: async (fx) => ({ url: `/api/v1/listings/${await agentListing(fx)}` }),
    expected: allSignedIn(200),
  },
  {
    method: 'GET',
    route: '/api/v1/listings/{id}',
    // A pending listing: its agent and admins only; everyone else is told it does not exist.
    prepare: async (fx) => ({
      url: `/api/v1/listings/${await agentListing(fx, { status: 'pending' })}`,
    }),
    expected: { ...only(['agent', 'admin'], 200, 404) },
  },
  {
    method: 'GET',
    route: '/api/v1/listings/{id}',
    // A sold listing: its buyer (user), its agent and admins, with its sale; nobody else.
    prepare: async (fx) => ({ url: `/api/v1/listings/${await listingSoldToUser(fx)}` }),
    expected: { ...only(['user', 'agent', 'admin'], 200, 404) },
  },
  {
    method: 'POST',
    route: '/api/v1/listings',
    prepare: async () => ({ url: '/api/v1/listings', payload: await listingForm() }),
    expected: { ...only(['agent', 'otherAgent'], 201), fraudAgent: 403 },
  },
  {
    method: 'POST',
    route: '/api/v1/listing-photos',
    // One photo uploaded for a listing to come (ADR 31): agents only, fraud agents refused.
    prepare: async () => {
      const form = new FormData();
      form.append('photo', (await listingForm()).get('photo') as Blob, 'p.png');
      return { url: '/api/v1/listing-photos', payload: form };
    },
    expected: { ...only(['agent', 'otherAgent'], 201), fraudAgent: 403 },
  },
  {
    method: 'PUT',
    route: '/api/v1/listings/{id}',
    prepare: async (fx) => {
      const form = await listingForm();
      form.delete('photo');
      return {
        url: `/api/v1/listings/${await agentListing(fx, { status: 'pending' })}`,
        payload: form,
      };
    },
    // A fraud agent is refused before ownership is even looked at.
    expected: { ...only(['agent'], 200), otherAgent: 404, fraudAgent: 403 },
  },
  {
    method: 'DELETE',
    route: '/api/v1/listings/{id}',
    prepare: async (fx) => ({
      url: `/api/v1/listings/${await agentListing(fx, { status: 'pending' })}`,
    }),
    expected: { ...only(['agent'], 204), otherAgent: 404, fraudAgent: 403 },
  },
  {
    method: 'GET',
    route: '/api/v1/listings/mine',
    prepare: async () => ({ url: '/api/v1/listings/mine' }),
    expected: only(agents, 200),
  },
  {
    method: 'GET',
    route: '/api/v1/admin/listings',
    prepare: async () => ({ url: '/api/v1/admin/listings' }),
    expected: only(['admin'], 200),
  },
  {
    method: 'POST',
    route: '/api/v1/listings/{id}/verify',
    prepare: async (fx) => ({
      url: `/api/v1/listings/${await agentListing(fx, { status: 'pending' })}/verify`,
    }),
    expected: only(['admin'], 200),
  },
  {
    method: 'POST',
    route: '/api/v1/listings/{id}/verify',
    // A fraud agent's hidden listing: view only, even for admins.
    prepare: async (fx) => ({
      url: `/api/v1/listings/${await fraudAgentPendingListing(fx)}/verify`,
    }),
    expected: { ...only(['admin'], 409) },
  },
  {
    method: 'POST',
    route: '/api/v1/listings/{id}/reject',
    prepare: async (fx) => ({
      url: `/api/v1/listings/${await agentListing(fx, { status: 'pending' })}/reject`,
      payload: {},
    }),
    expected: only(['admin'], 200),
  },
  // Revisions: edits of verified listings waiting for review (admins only)
  {
    method: 'GET',
    route: '/api/v1/admin/listing-revisions',
    prepare: async () => ({ url: '/api/v1/admin/listing-revisions' }),
    expected: only(['admin'], 200),
  },
  {
    method: 'GET',
    route: '/api/v1/admin/listing-revisions/{id}',
    prepare: async (fx) => ({
      url: `/api/v1/admin/listing-revisions/${await pendingRevision(fx)}`,
    }),
    expected: only(['admin'], 200),
  },
  {
    method: 'POST',
    route: '/api/v1/admin/listing-revisions/{id}/approve',
    prepare: async (fx) => ({
      url: `/api/v1/admin/listing-revisions/${await pendingRevision(fx)}/approve`,
    }),
    expected: only(['admin'], 200),
  },
  {
    method: 'POST',
    route: '/api/v1/admin/listing-revisions/{id}/reject',
    prepare: async (fx) => ({
      url: `/api/v1/admin/listing-revisions/${await pendingRevision(fx)}/reject`,
      payload: { reason: 'The new photo shows another building.' },
    }),
    expected: only(['admin'], 200),
  },
  // Wishlist (role user; another user's item does not exist for you)
  {
    method: 'POST',
    route: '/api/v1/wishlist',
    prepare: async (fx) => ({
      url: '/api/v1/wishlist',
      payload: { listingId: await agentListing(fx) },
    }),
    expected: only(users, 201),
  },
  {
    method: 'GET',
    route: '/api/v1/wishlist',
    prepare: async () => ({ url: '/api/v1/wishlist' }),
    expected: only(users, 200),
  },
  {
    method: 'GET',
    route: '/api/v1/wishlist/{id}',
    prepare: async (fx) => ({ url: `/api/v1/wishlist/${await userWishlistItem(fx)}` }),
    expected: { ...only(['user'], 200), otherUser: 404 },
  },
  {
    method: 'DELETE',
    route: '/api/v1/wishlist/{id}',
    prepare: async (fx) => ({ url: `/api/v1/wishlist/${await userWishlistItem(fx)}` }),
    expected: { ...only(['user'], 200), otherUser: 404 },
  },
  {
    method: 'POST',
    route: '/api/v1/wishlist/{id}/offer',
    prepare: async (fx) => ({
      url: `/api/v1/wishlist/${await userWishlistItem(fx)}/offer`,
      payload: { amount: 5050, deadline: tomorrow() },
    }),
    expected: { ...only(['user'], 201), otherUser: 404 },
  },
  // Conversations (participants only; admins reach reported ones alone)
  {
    method: 'POST',
    route: '/api/v1/conversations',
    prepare: async (fx) => ({
      url: '/api/v1/conversations',
      payload: { listingId: await agentListing(fx) },
    }),
    // The agent cannot message themselves about their own listing; a fraud-marked agent
    // cannot start any conversation (ADR 30).
    expected: { ...only([...users, ...agents], 201), agent: 409, fraudAgent: 403 },
  },
  {
    method: 'GET',
    route: '/api/v1/conversations',
    prepare: async () => ({ url: '/api/v1/conversations' }),
    expected: only([...users, ...agents], 200),
  },
  {
    method: 'GET',
    route: '/api/v1/conversations/{id}',
    prepare: async (fx) => ({ url: `/api/v1/conversations/${await userConversation(fx)}` }),
    expected: participantsOf(200),
  },
  {
    method: 'GET',
    route: '/api/v1/conversations/{id}',
    prepare: async (fx) => ({
      url: `/api/v1/conversations/${await userConversation(fx, { reported: true })}`,
    }),
    expected: participantsOf(200, 200),
  },
  {
    method: 'GET',
    route: '/api/v1/conversations/{id}/messages',
    prepare: async (fx) => ({
      url: `/api/v1/conversations/${await userConversation(fx)}/messages`,
    }),
    expected: participantsOf(200),
  },
  {
    method: 'GET',
    route: '/api/v1/conversations/{id}/messages',
    prepare: async (fx) => ({
      url: `/api/v1/conversations/${await userConversation(fx, { reported: true })}/messages`,
    }),
    expected: participantsOf(200, 200),
  },
  {
    method: 'POST',
    route: '/api/v1/conversations/{id}/messages',
    prepare: async (fx) => ({
      url: `/api/v1/conversations/${await userConversation(fx)}/messages`,
      payload: { text: 'Matrix hello' },
    }),
    // A fraud-marked agent is refused before the thread is even looked at (ADR 30).
    expected: { ...participantsOf(201, 403), fraudAgent: 403 },
  },
  {
    method: 'POST',
    route: '/api/v1/conversations/{id}/read',
    prepare: async (fx) => ({ url: `/api/v1/conversations/${await userConversation(fx)}/read` }),
    expected: participantsOf(200, 403),
  },
  {
    method: 'POST',
    route: '/api/v1/conversations/{id}/reports',
    prepare: async (fx) => ({
      url: `/api/v1/conversations/${await userConversation(fx)}/reports`,
      payload: { reason: 'Matrix report' },
    }),
    expected: participantsOf(201, 403),
  },
  {
    method: 'GET',
    route: '/api/v1/admin/conversations/reported',
    prepare: async () => ({ url: '/api/v1/admin/conversations/reported' }),
    expected: only(['admin'], 200),
  },
  {
    method: 'POST',
    route: '/api/v1/admin/conversations/{id}/close',
    prepare: async (fx) => ({
      url: `/api/v1/admin/conversations/${await userConversation(fx, { reported: true })}/close`,
    }),
    expected: only(['admin'], 200),
  },
  // An agent's phone number
  {
    method: 'GET',
    route: '/api/v1/me/phone',
    prepare: async () => ({ url: '/api/v1/me/phone' }),
    expected: only(agents, 200),
  },
  {
    method: 'PUT',
    route: '/api/v1/me/phone',
    prepare: async () => ({ url: '/api/v1/me/phone', payload: { phone: '01712345678' } }),
    expected: only(agents, 200),
  },
  // Offers
  {
    method: 'GET',
    route: '/api/v1/offers/mine',
    prepare: async () => ({ url: '/api/v1/offers/mine' }),
    expected: only(users, 200),
  },
  {
    method: 'GET',
    route: '/api/v1/offers/received',
    prepare: async () => ({ url: '/api/v1/offers/received' }),
    expected: only(agents, 200),
  },
  {
    method: 'POST',
    route: '/api/v1/offers/{id}/accept',
    prepare: async (fx) => ({
      url: `/api/v1/offers/${await pendingOfferOnAgentListing(fx)}/accept`,
    }),
    expected: { ...only(['agent'], 200), otherAgent: 404, fraudAgent: 404 },
  },
  {
    method: 'POST',
    route: '/api/v1/offers/{id}/reject',
    prepare: async (fx) => ({
      url: `/api/v1/offers/${await pendingOfferOnAgentListing(fx)}/reject`,
    }),
    expected: { ...only(['agent'], 200), otherAgent: 404, fraudAgent: 404 },
  },
  // Payments (sandbox, the default provider; the Stripe webhook exists only with Stripe)
  {
    method: 'GET',
    route: '/api/v1/payment-methods',
    prepare: async () => ({ url: '/api/v1/payment-methods' }),
    expected: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/offers/{id}/payment-intent',
    prepare: async (fx) => ({
      url: `/api/v1/offers/${await acceptedOfferOfUser(fx)}/payment-intent`,
    }),
    expected: { ...only(['user'], 200), otherUser: 404 },
  },
  {
    method: 'POST',
    route: '/api/v1/offers/{id}/payment',
    prepare: startedPaymentOfUser,
    expected: { ...only(['user'], 200), otherUser: 404 },
  },
  {
    method: 'GET',
    route: '/api/v1/admin/sales',
    prepare: async () => ({ url: '/api/v1/admin/sales' }),
    expected: only(['admin'], 200),
  },
  {
    method: 'POST',
    route: '/api/v1/admin/payments/{id}/refund',
    prepare: async (fx) => ({
      url: `/api/v1/admin/payments/${await paidOfferOfUser(fx)}/refund`,
    }),
    expected: only(['admin'], 200),
  },
  {
    method: 'GET',
    route: '/api/v1/receipts',
    prepare: async () => ({ url: '/api/v1/receipts' }),
    expected: only(users, 200),
  },
  {
    method: 'GET',
    route: '/api/v1/receipts/{offerId}',
    prepare: async (fx) => ({
      url: `/api/v1/receipts/${await acceptedOfferOfUser(fx, { status: 'paid', paidAt: new Date() })}`,
    }),
    expected: { ...only(['user'], 200), otherUser: 404 },
  },
  {
    method: 'GET',
    route: '/api/v1/sales',
    prepare: async () => ({ url: '/api/v1/sales' }),
    expected: only(agents, 200),
  },
  // Reviews
  {
    method: 'POST',
    route: '/api/v1/listings/{id}/reviews',
    prepare: async (fx) => ({
      url: `/api/v1/listings/${await agentListing(fx)}/reviews`,
      payload: { rating: 5, text: 'Lovely' },
    }),
    expected: only(users, 201),
  },
  {
    method: 'GET',
    route: '/api/v1/listings/{id}/reviews',
    prepare: async (fx) => ({ url: `/api/v1/listings/${await agentListing(fx)}/reviews` }),
    expected: allSignedIn(200),
  },
  {
    method: 'POST',
    route: '/api/v1/listings/{id}/reviews',
    // A sold listing takes a review from its buyer (user) alone; to anyone else it is gone.
    prepare: async (fx) => ({
      url: `/api/v1/listings/${await listingSoldToUser(fx)}/reviews`,
      payload: { rating: 5, text: 'Lovely' },
    }),
    expected: { ...only(users, 201), otherUser: 404 },
  },
  {
    method: 'GET',
    route: '/api/v1/listings/{id}/reviews',
    prepare: async (fx) => ({ url: `/api/v1/listings/${await listingSoldToUser(fx)}/reviews` }),
    expected: { ...only(['user', 'agent', 'admin'], 200, 404) },
  },
  {
    method: 'GET',
    route: '/api/v1/reviews/featured',
    prepare: async () => ({ url: '/api/v1/reviews/featured' }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/reviews/mine',
    prepare: async () => ({ url: '/api/v1/reviews/mine' }),
    expected: only(users, 200),
  },
  {
    method: 'GET',
    route: '/api/v1/reviews',
    prepare: async () => ({ url: '/api/v1/reviews' }),
    expected: only(['admin'], 200),
  },
  {
    method: 'DELETE',
    route: '/api/v1/reviews/{id}',
    prepare: async (fx) => ({ url: `/api/v1/reviews/${await userReview(fx)}` }),
    expected: { ...only(['user', 'admin'], 204), otherUser: 404 },
  },
  {
    method: 'PUT',
    route: '/api/v1/reviews/{id}/featured',
    prepare: async (fx) => ({ url: `/api/v1/reviews/${await userReview(fx)}/featured` }),
    expected: only(['admin'], 200),
  },
  {
    method: 'DELETE',
    route: '/api/v1/reviews/{id}/featured',
    prepare: async (fx) => ({ url: `/api/v1/reviews/${await userReview(fx)}/featured` }),
    expected: only(['admin'], 200),
  },
];

let fx: Fixture;
// A server that sends email: a forgotten password's link needs one.
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  const t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Basha <alerts@basha.test>' });
  fx = {
    t,
    accounts: {
      user: await createAccount(t, 'user'),
      otherUser: await createAccount(t, 'user'),
      agent: await createAccount(t, 'agent'),
      otherAgent: await createAccount(t, 'agent'),
      fraudAgent: await createAccount(t, 'agent', { fraud: true }),
      admin: await createAccount(t, 'admin'),
    },
  };
});
afterAll(async () => {
  await fx?.t.close();
  await smtp?.close();
});

describe('authorization matrix', () => {
  it.each(ROWS.map((row) => [`${row.method} ${row.route}`, row] as const))(
    '%s',
    async (_name, row) => {
      const actual: Partial<Expected> = {};
      for (const actor of ACTORS) {
        const { url, payload, stream } = await row.prepare(fx);
        const cookie = actor === 'anonymous' ? undefined : fx.accounts[actor].cookie;
        const response = await fx.t.app.inject({
          method: row.method,
          url,
          // From the app's own pages: the cross-site cases are below.
          headers: { origin: APP_ORIGIN, ...(cookie ? { cookie } : {}) },
          ...(payload ? { payload: payload as never } : {}),
          ...(stream ? { payloadAsStream: true } : {}),
        });
        actual[actor] = response.statusCode;
        if (stream) response.stream().destroy();
      }
      expect(actual).toEqual(row.expected);
    },
  );

  it('has a row for every /api/v1 route the app serves', async () => {
    const spec = (await fx.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const served = Object.entries(spec.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((m) => m !== 'head')
          .map((m) => `${m.toUpperCase()} ${path}`),
      )
      .sort();
    const covered = [...new Set(ROWS.map((row) => `${row.method} ${row.route}`))].sort();
    expect(covered).toEqual(served);
  });
});

/*
 * Cross-site writes: every state-changing route, tried as a page of another site would (its
 * own Origin, a sibling port of ours, Fetch Metadata or a Referer that says "cross-site"),
 * with the credentials that would make it succeed from our own pages. Each must be refused
 * with 403 before it touches anything.
 */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const FOREIGN_PAGES = [
  { name: 'Origin http://evil.example', headers: { origin: 'http://evil.example' } },
  { name: 'Origin of a sibling port', headers: { origin: 'http://localhost:3001' } },
  {
    name: 'Sec-Fetch-Site cross-site without Origin',
    headers: { origin: undefined, 'sec-fetch-site': 'cross-site' },
  },
  {
    name: 'a foreign Referer without Origin',
    headers: { origin: undefined, referer: 'http://evil.example/page' },
  },
];

type WriteTarget = { method: string; route: string; prepare: (fx: Fixture) => Promise<Request> };

/** Writes outside /api/v1: our sign-up and better-auth's routes (login CSRF included). */
const AUTH_WRITES: WriteTarget[] = [
  {
    method: 'POST',
    route: '/api/auth/sign-up/email',
    prepare: async () => ({
      url: '/api/auth/sign-up/email',
      payload: signUpForm(
        { name: 'Forged', email: `forged-${randomUUID()}@example.test`, password: 'Passw0rd!x' },
        { bytes: await samplePhoto(), name: 'me.png', type: 'image/png' },
      ),
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/sign-in/email',
    // Logging the victim's browser into an account of the attacker's choosing.
    prepare: async (fx) => ({
      url: '/api/auth/sign-in/email',
      payload: { email: fx.accounts.user.email, password: fx.accounts.user.password },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/sign-in/social',
    // Starting a login into the attacker's Google account in the victim's browser.
    prepare: async () => ({
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/', additionalData: { language: 'bn' } },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/*',
    prepare: async (fx) => ({ url: '/api/auth/sign-out', cookie: fx.accounts.otherUser.cookie }),
  },
];

/**
 * Writes that other sites make by design, let through the cross-site guard: RFC 8058's
 * one-click unsubscribe is posted by mail providers. What it may do is tested below.
 */
const CROSS_SITE_BY_DESIGN = ['POST /api/v1/email/unsubscribe'];

/** Each /api/v1 write once, as the first caller the matrix expects to succeed. */
const V1_WRITES: WriteTarget[] = [
  ...new Map(
    ROWS.filter(
      (row) =>
        WRITE_METHODS.has(row.method) &&
        !CROSS_SITE_BY_DESIGN.includes(`${row.method} ${row.route}`),
    ).map((row) => {
      const succeeds = ACTORS.find((actor) => row.expected[actor] < 300);
      const target: WriteTarget = {
        method: row.method,
        route: row.route,
        prepare: async (fx) => ({
          ...(await row.prepare(fx)),
          cookie:
            succeeds === undefined || succeeds === 'anonymous'
              ? undefined
              : fx.accounts[succeeds].cookie,
        }),
      };
      return [`${row.method} ${row.route}`, target] as const;
    }),
  ).values(),
];
const WRITES = [...AUTH_WRITES, ...V1_WRITES];

describe('cross-site writes', () => {
  it('tries every write route the app registered', () => {
    const registered = fx.t.routes
      .filter((route) => WRITE_METHODS.has(route.split(' ')[0] as string))
      .map((route) => route.replace(/:(\w+)/g, '{$1}'))
      .sort();
    expect(
      [...WRITES.map((w) => `${w.method} ${w.route}`), ...CROSS_SITE_BY_DESIGN].sort(),
    ).toEqual(registered);
  });

  it.each(FOREIGN_PAGES)(
    'the one-click unsubscribe from a page with $name turns off only the kind its token names, for its user only',
    async (page) => {
      const before = await fx.t.app.inject({
        method: 'GET',
        url: '/api/v1/me/email-preferences',
        headers: { cookie: fx.accounts.otherUser.cookie },
      });
      const forged = await fx.t.app.inject({
        method: 'POST',
        url: '/api/v1/email/unsubscribe?token=forged',
        headers: page.headers,
      });
      expect(forged.statusCode).toBe(400);
      const clicked = await fx.t.app.inject({
        method: 'POST',
        url: userUnsubscribeUrl(fx),
        headers: page.headers,
      });
      expect(clicked.statusCode).toBe(200);
      const mine = await fx.t.app.inject({
        method: 'GET',
        url: '/api/v1/me/email-preferences',
        headers: { cookie: fx.accounts.user.cookie },
      });
      expect(mine.json().email.reviewReceived).toBe(false);
      expect(mine.json().email.offerAccepted).toBe(true);
      const theirs = await fx.t.app.inject({
        method: 'GET',
        url: '/api/v1/me/email-preferences',
        headers: { cookie: fx.accounts.otherUser.cookie },
      });
      expect(theirs.json()).toEqual(before.json());
    },
  );

  it.each(
    WRITES.flatMap((target) =>
      FOREIGN_PAGES.map(
        (page) => [`${target.method} ${target.route}`, page.name, target, page] as const,
      ),
    ),
  )('%s from a page with %s: 403, nothing written', async (_name, _page, target, page) => {
    const { url, payload, cookie } = await target.prepare(fx);
    await dueJobsRan(fx.t);
    const before = await databaseFingerprint(fx.t);
    const response = await fx.t.app.inject({
      method: target.method as 'POST',
      url,
      headers: { ...(cookie ? { cookie } : {}), ...page.headers },
      ...(payload ? { payload: payload as never } : {}),
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST', openAt: APP_ORIGIN });
    expect(await databaseFingerprint(fx.t)).toBe(before);
  });

  it('lets a write from no browser through when it carries no cookie (curl, a script)', async () => {
    const [signUp] = AUTH_WRITES;
    const { url, payload } = await (signUp as WriteTarget).prepare(fx);
    const response = await fx.t.app.inject({
      method: 'POST',
      url,
      headers: { origin: undefined },
      payload: payload as never,
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses a write from no browser that carries a session cookie', async () => {
    const response = await fx.t.app.inject({
      method: 'POST',
      url: '/api/v1/wishlist',
      headers: { origin: undefined, cookie: fx.accounts.user.cookie },
      payload: { listingId: await agentListing(fx) },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CROSS_SITE_REQUEST');
  });

  it("takes Fetch Metadata's same-origin or our own Referer when Origin is missing", async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-origin' },
      { referer: `${APP_ORIGIN}/dashboard/wishlist` },
    ]) {
      const response = await fx.t.app.inject({
        method: 'POST',
        url: '/api/v1/wishlist',
        headers: { origin: undefined, cookie: fx.accounts.user.cookie, ...headers },
        payload: { listingId: await agentListing(fx) },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });
});

/*
 * PUBLIC_LISTINGS=true: visitors may browse and open public listings, and see exactly what
 * the public card (the home page's newest listings, open to everyone) shows of them, plus the
 * description the details page shows; every other route keeps its guard (the table above,
 * run with the default, holds the spec's login guard).
 */
describe('authorization with PUBLIC_LISTINGS=true', () => {
  let open: TestApp;
  let agent: TestAccount;
  let user: TestAccount;
  beforeAll(async () => {
    open = await createTestApp({ PUBLIC_LISTINGS: 'true' });
    agent = await createAccount(open, 'agent');
    user = await createAccount(open, 'user');
  });
  afterAll(() => open?.close());

  const get = async (url: string, account?: TestAccount) => {
    const response = await open.app.inject({
      method: 'GET',
      url,
      headers: account ? { cookie: account.cookie } : {},
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('lets a visitor browse and open public listings, and nothing hidden', async () => {
    const pending = await createListing(open, agent, { status: 'pending' });
    const sold = await createListing(open, agent, { soldAt: new Date() });
    const delisted = await createListing(open, agent, { delistedAt: new Date() });
    const rejected = await createListing(open, agent, { status: 'rejected' });
    const listed = await createListing(open, agent);
    expect((await get('/api/v1/listings')).status).toBe(200);
    expect((await get(`/api/v1/listings/${listed}`)).status).toBe(200);
    for (const hidden of [pending, sold, delisted, rejected]) {
      expect((await get(`/api/v1/listings/${hidden}`)).status).toBe(404);
    }
    const browsed = (await get('/api/v1/listings')).body.items.map(
      (item: { id: string }) => item.id,
    );
    expect(browsed).toEqual([listed]);
  });

  it("shows a visitor only the public card's fields and the description", async () => {
    const id = await createListing(open, agent);
    const [card] = (await get('/api/v1/listings/latest')).body.items;
    expect(card.id).toBe(id);
    const [browsed] = (await get('/api/v1/listings')).body.items;
    expect(browsed).toEqual(card);
    const details = (await get(`/api/v1/listings/${id}`)).body;
    expect(details).toEqual({
      ...card,
      agentPhone: null,
      description: expect.any(String),
      // The gallery (ADR 31): here the cover alone.
      photos: [{ ...card.photo, key: expect.any(String), position: 0, caption: null }],
      updatedAt: expect.any(String),
      rejectionReason: null,
      delisted: false,
      // Edits waiting for review are for the agent and admins only (ADR 32).
      pendingRevision: null,
      revisionRejection: null,
      pendingEdit: null,
      sale: null,
      // Every fact of a listing from before facts: not stated (ADR 29).
      facts: {
        ...card.facts,
        floor: null,
        totalFloors: null,
        facing: null,
        completion: null,
        handoverMonth: null,
        furnishing: null,
        amenities: null,
      },
      pricePerSqft: null,
      place: null,
    });
    // The same answer a signed-in user gets: a visitor learns nothing a user would not.
    expect((await get(`/api/v1/listings/${id}`, user)).body).toEqual(details);
  });

  it("gives the agent's phone to signed-in readers only, whoever asked first", async () => {
    const phoned = await createAccount(open, 'agent');
    const saved = await open.app.inject({
      method: 'PUT',
      url: '/api/v1/me/phone',
      headers: { cookie: phoned.cookie, origin: APP_ORIGIN },
      payload: { phone: '01712345678' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = await createListing(open, phoned);
    for (const reader of [undefined, user, undefined, user]) {
      const details = (await get(`/api/v1/listings/${id}`, reader)).body;
      expect(details.agentPhone).toBe(reader ? '+8801712345678' : null);
    }
  });

  it('keeps wishlist, offers, writing reviews and payments behind login', async () => {
    const id = await createListing(open, agent);
    for (const url of ['/api/v1/wishlist', '/api/v1/offers/mine', '/api/v1/reviews/mine']) {
      expect([url, (await get(url)).status]).toEqual([url, 401]);
    }
    const wish = await open.app.inject({
      method: 'POST',
      url: '/api/v1/wishlist',
      headers: { origin: APP_ORIGIN },
      payload: { listingId: id },
    });
    expect(wish.statusCode).toBe(401);
    const review = await open.app.inject({
      method: 'POST',
      url: `/api/v1/listings/${id}/reviews`,
      headers: { origin: APP_ORIGIN },
      payload: { rating: 5, text: 'Lovely' },
    });
    expect(review.statusCode).toBe(401);
  });

  it("lets a visitor read a public listing's reviews, as a user reads them, and no other listing's", async () => {
    const id = await createListing(open, agent);
    const written = await open.app.inject({
      method: 'POST',
      url: `/api/v1/listings/${id}/reviews`,
      headers: { cookie: user.cookie, origin: APP_ORIGIN },
      payload: { rating: 4, text: 'Bright rooms' },
    });
    expect(written.statusCode, written.body).toBe(201);
    const read = await get(`/api/v1/listings/${id}/reviews`);
    expect(read.status).toBe(200);
    expect(read.body.items).toHaveLength(1);
    expect(read.body.items[0]).toEqual({
      id: expect.any(String),
      rating: 4,
      text: 'Bright rooms',
      featured: false,
      createdAt: expect.any(String),
      reviewer: {
        id: user.id,
        name: expect.any(String),
        photoUrl: expect.stringMatching(/^\/media\/profile-photos\//),
        role: 'user',
      },
      listing: { id, title: expect.any(String) },
    });
    // The same answer a signed-in user gets: a visitor learns nothing a user would not.
    expect((await get(`/api/v1/listings/${id}/reviews`, user)).body).toEqual(read.body);
    const hidden = [
      await createListing(open, agent, { status: 'pending' }),
      await createListing(open, agent, { status: 'rejected' }),
      await createListing(open, agent, { soldAt: new Date() }),
      await createListing(open, agent, { delistedAt: new Date() }),
    ];
    for (const hiddenId of hidden) {
      const url = `/api/v1/listings/${hiddenId}/reviews`;
      expect([url, (await get(url)).status]).toEqual([url, 404]);
    }
  });
});

/*
 * The routes the Bangladeshi rails add exist only when an operator enables them, so the table
 * above (the default sandbox) cannot reach them: here they are, in an app with every rail on.
 * The gateways' callbacks are public by design (SSLCommerz and bKash post or send the buyer
 * back without our cookie), so their row proves the other half: whoever calls, a callback
 * that the gateway does not confirm pays nothing.
 */
describe('authorization with every payment rail enabled', () => {
  let rails: TestApp;
  let sslcommerz: FakeSslcommerz;
  let bkash: FakeBkash;
  const accounts: Partial<Record<ActorName, TestAccount>> = {};
  let offerId: string;

  beforeAll(async () => {
    sslcommerz = await startFakeSslcommerz({ sendIpn: false });
    bkash = await startFakeBkash();
    rails = await createTestApp({
      PAYMENT_PROVIDERS: 'sandbox,sslcommerz,bkash',
      SSLCOMMERZ_STORE_ID: FAKE_SSLCOMMERZ_STORE.id,
      SSLCOMMERZ_STORE_PASSWORD: FAKE_SSLCOMMERZ_STORE.password,
      SSLCOMMERZ_API_BASE: sslcommerz.url,
      BKASH_APP_KEY: FAKE_BKASH_CREDENTIALS.appKey,
      BKASH_APP_SECRET: FAKE_BKASH_CREDENTIALS.appSecret,
      BKASH_USERNAME: FAKE_BKASH_CREDENTIALS.username,
      BKASH_PASSWORD: FAKE_BKASH_CREDENTIALS.password,
      BKASH_API_BASE: bkash.url,
    });
    accounts.user = await createAccount(rails, 'user');
    accounts.agent = await createAccount(rails, 'agent');
    accounts.admin = await createAccount(rails, 'admin');
    const accepted = await acceptedOffer(rails, accounts.agent, accounts.user);
    offerId = accepted.offerId;
  });
  afterAll(async () => {
    await rails?.close();
    await sslcommerz?.close();
    await bkash?.close();
  });

  const CALLERS = ['anonymous', 'user', 'agent', 'admin'] as const;
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
  const forged = () =>
    new URLSearchParams({ tran_id: randomUUID(), val_id: `forged-${randomUUID()}` }).toString();

  const RAIL_ROWS = [
    {
      route: 'POST /api/v1/payments/sslcommerz/ipn',
      request: () => ({
        method: 'POST',
        url: '/api/v1/payments/sslcommerz/ipn',
        payload: forged(),
        form: true,
      }),
      expected: 200,
    },
    {
      route: 'POST /api/v1/payments/sslcommerz/return/{outcome}',
      request: () => ({
        method: 'POST',
        url: '/api/v1/payments/sslcommerz/return/success',
        payload: forged(),
        form: true,
      }),
      expected: 303,
    },
    {
      route: 'GET /api/v1/payments/bkash/callback',
      request: () => ({
        method: 'GET',
        url: `/api/v1/payments/bkash/callback?paymentID=forged-${randomUUID()}&status=success`,
      }),
      expected: 303,
    },
  ] as const;

  it.each(RAIL_ROWS.map((row) => [row.route, row] as const))(
    '%s answers every caller and pays nothing it cannot confirm',
    async (_name, row) => {
      const before = await databaseFingerprint(rails);
      for (const caller of CALLERS) {
        const { method, url, payload, form } = {
          payload: undefined,
          form: false,
          ...row.request(),
        };
        const account = caller === 'anonymous' ? undefined : accounts[caller];
        const response = await rails.app.inject({
          method,
          url,
          headers: { ...(form ? FORM : {}), ...(account ? { cookie: account.cookie } : {}) },
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, `${caller}: ${response.body}`).toBe(row.expected);
      }
      expect(await databaseFingerprint(rails)).toEqual(before);
    },
  );

  it.each(['approve', 'refuse'])(
    'POST /api/v1/admin/payments/{id}/%s is for admins only, and refused from another site',
    async (decision) => {
      const url = `/api/v1/admin/payments/${offerId}/${decision}`;
      const statusOf = async (caller: (typeof CALLERS)[number], origin = APP_ORIGIN) => {
        const account = caller === 'anonymous' ? undefined : accounts[caller];
        const response = await rails.app.inject({
          method: 'POST',
          url,
          headers: { origin, ...(account ? { cookie: account.cookie } : {}) },
        });
        return response.statusCode;
      };
      expect(await statusOf('anonymous')).toBe(401);
      expect(await statusOf('user')).toBe(403);
      expect(await statusOf('agent')).toBe(403);
      // Nothing is held for this offer: the admin reaches the route and is told so.
      expect([404, 409]).toContain(await statusOf('admin'));
      expect(await statusOf('admin', 'http://evil.example')).toBe(403);
    },
  );

  it('has a row for every route the rails add', async () => {
    const routesOf = async (app: TestApp) => {
      const spec = (await app.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      return Object.entries(spec.paths as Record<string, Record<string, unknown>>)
        .filter(([path]) => path.startsWith('/api/v1/'))
        .flatMap(([path, methods]) =>
          Object.keys(methods)
            .filter((m) => m !== 'head')
            .map((m) => `${m.toUpperCase()} ${path}`),
        );
    };
    const defaults = new Set(await routesOf(fx.t));
    const added = (await routesOf(rails)).filter((route) => !defaults.has(route)).sort();
    const covered = [
      ...RAIL_ROWS.map((row) => row.route),
      'POST /api/v1/admin/payments/{id}/approve',
      'POST /api/v1/admin/payments/{id}/refuse',
    ].sort();
    expect(added).toEqual(covered);
  });
});
