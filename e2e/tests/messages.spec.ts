import type { Browser, Page } from '@playwright/test';
import { type Account, apiAs, createUserAccount, demo } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import { signIn } from '../support/listings.ts';
import { agentWithVerifiedListing } from '../support/offers.ts';
import { expect, test } from '../support/test.ts';

/** The bar: a message shows on the other side within 2 s, without a reload. */
const LIVE = { timeout: 2_000 };

type Texts = {
  switchTo?: string;
  messageAgent: string;
  compose: string;
  send: string;
  inbox: string;
  about: (title: string) => string;
  oneUnread: string;
  call: string;
};

const english: Texts = {
  messageAgent: 'Message agent',
  compose: 'Your message',
  send: 'Send',
  inbox: 'Inbox',
  about: (title) => `About "${title}"`,
  oneUnread: '1 unread',
  call: 'Call +8801712345678',
};

const bangla: Texts = {
  switchTo: 'Switch language to Bangla',
  messageAgent: 'এজেন্টকে বার্তা পাঠান',
  compose: 'আপনার বার্তা',
  send: 'পাঠান',
  inbox: 'ইনবক্স',
  about: (title) => `"${title}" সম্পর্কে`,
  oneUnread: '১টি অপঠিত',
  call: '+8801712345678-এ কল করুন',
};

/** A signed-in page in a browser context of its own, at a phone's width (360 px). */
async function pageOf(
  browser: Browser,
  account: Pick<Account, 'email' | 'password'>,
  texts: Texts,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signIn(page, account);
  if (texts.switchTo) {
    await page.goto('/');
    await page.getByRole('button', { name: texts.switchTo }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  }
  return page;
}

async function expectFitsAndAccessible(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await seriousViolations(page)).toEqual([]);
}

for (const [language, texts] of [
  ['English', english],
  ['Bangla', bangla],
] as const) {
  test(`a buyer messages the agent from the details page and both see the exchange live (${language})`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const { agent, listingId, title } = await agentWithVerifiedListing({ min: 5000, max: 5100 });
    const agentApi = await apiAs(agent);
    const phone = await agentApi.put('/api/v1/me/phone', { data: { phone: '01712345678' } });
    expect(phone.status(), await phone.text()).toBe(200);
    await agentApi.dispose();
    const buyer = await createUserAccount('E2E Message Buyer');

    const agentPage = await pageOf(browser, agent, texts);
    await agentPage.goto('/dashboard/messages');
    await expect(agentPage.getByRole('heading', { name: texts.inbox })).toBeVisible();

    const buyerPage = await pageOf(browser, buyer, texts);
    await buyerPage.goto(`/propertyDetails/${listingId}`);
    await expect(buyerPage.getByRole('link', { name: texts.call })).toHaveAttribute(
      'href',
      'tel:+8801712345678',
    );
    await expect(buyerPage.getByRole('link', { name: /WhatsApp|হোয়াটসঅ্যাপ/ })).toHaveAttribute(
      'href',
      'https://wa.me/8801712345678',
    );
    await buyerPage.getByRole('button', { name: texts.messageAgent }).click();
    await expect(buyerPage.getByRole('heading', { name: texts.about(title) })).toBeVisible();
    await buyerPage.getByLabel(texts.compose).fill('Is the flat still available?');
    await buyerPage.getByRole('button', { name: texts.send }).click();
    await expect(buyerPage.getByText('Is the flat still available?')).toBeVisible();
    await expectFitsAndAccessible(buyerPage);

    // The agent's inbox, open all along, shows the thread with its unread count.
    const inboxEntry = agentPage.getByRole('link', { name: new RegExp(texts.about(title)) });
    await expect(inboxEntry).toContainText(texts.oneUnread, LIVE);
    await expect(inboxEntry).toContainText('Is the flat still available?');
    await expectFitsAndAccessible(agentPage);
    await inboxEntry.click();
    await expect(agentPage.getByText('Is the flat still available?')).toBeVisible();
    await agentPage.getByLabel(texts.compose).fill('Yes, come and see it on Friday.');
    await agentPage.getByRole('button', { name: texts.send }).click();

    // The buyer's thread, still open, receives the reply without a reload.
    await expect(buyerPage.getByText('Yes, come and see it on Friday.')).toBeVisible(LIVE);
    // Reading the thread cleared the agent's unread count.
    await agentPage.goto('/dashboard/messages');
    await expect(
      agentPage.getByRole('link', { name: new RegExp(texts.about(title)) }),
    ).not.toContainText(texts.oneUnread);
    await agentPage.context().close();
    await buyerPage.context().close();
  });
}

test('an admin sees a reported conversation, reads it and closes it; the buyer can no longer send', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { listingId, title } = await agentWithVerifiedListing({ min: 5000, max: 5100 });
  const buyer = await createUserAccount('E2E Reporting Buyer');
  const buyerApi = await apiAs(buyer);
  const started = await buyerApi.post('/api/v1/conversations', { data: { listingId } });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as { id: string };
  const sent = await buyerApi.post(`/api/v1/conversations/${id}/messages`, {
    data: { text: 'Pay the deposit to my cousin instead?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const reported = await buyerApi.post(`/api/v1/conversations/${id}/reports`, {
    data: { reason: 'The agent asks for money outside Basha' },
  });
  expect(reported.status(), await reported.text()).toBe(201);

  const adminPage = await pageOf(browser, demo('admin'), english);
  await adminPage.goto('/dashboard/reported-conversations');
  await expect(adminPage.getByRole('heading', { name: 'Reported Conversations' })).toBeVisible();
  const entry = adminPage.getByRole('listitem').filter({ hasText: english.about(title) });
  await expect(entry).toContainText('Latest reason: The agent asks for money outside Basha');
  await expectFitsAndAccessible(adminPage);
  await entry.getByRole('link', { name: 'Read messages' }).click();
  await expect(adminPage.getByText('Pay the deposit to my cousin instead?')).toBeVisible();
  // Admins read; they do not take part.
  await expect(adminPage.getByLabel(english.compose)).toHaveCount(0);
  await adminPage.goBack();
  await entry.getByRole('button', { name: 'Close conversation' }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Close conversation' }).click();
  await expect(adminPage.getByText('The conversation was closed.')).toBeVisible();
  await expect(entry).toContainText('Closed');

  const refused = await buyerApi.post(`/api/v1/conversations/${id}/messages`, {
    data: { text: 'Hello?' },
  });
  expect(refused.status()).toBe(409);
  await buyerApi.dispose();
  await adminPage.context().close();
});

test('a buyer reports a conversation from its thread, once: it then says when, after a reload too', async ({
  browser,
}) => {
  const { listingId, title } = await agentWithVerifiedListing({ min: 5000, max: 5100 });
  const buyer = await createUserAccount('E2E Thread Reporter');
  const buyerApi = await apiAs(buyer);
  const started = await buyerApi.post('/api/v1/conversations', { data: { listingId } });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as { id: string };
  await buyerApi.dispose();

  const page = await pageOf(browser, buyer, english);
  await page.goto(`/dashboard/messages/${id}`);
  await expect(page.getByRole('heading', { name: english.about(title) })).toBeVisible();
  await page.getByText('Report conversation').click();
  await page.getByLabel('Why are you reporting it?').fill('The agent asks for money outside Basha');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. An admin will look at this conversation.')).toBeVisible();
  const reportedNote = page.getByText(
    /^You reported this conversation on \d{2} \w{3} \d{4}\. An admin will look at it\.$/,
  );
  await expect(reportedNote).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send report' })).toHaveCount(0);
  await page.reload();
  await expect(reportedNote).toBeVisible();
  await expect(page.getByText('Report conversation')).toHaveCount(0);
  await page.context().close();
});
