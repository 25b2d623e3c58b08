import type { AdminSale } from '@basha/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../../../../testing/render.tsx';
import { AdminSales } from './admin-sales.tsx';

const sale = (offerId: string, title: string, refunded = false): AdminSale => ({
  offerId,
  listing: { id: `l-${offerId}`, title, location: 'Gulshan, Dhaka' },
  buyer: { name: 'Buyer Nipa', email: 'nipa@example.com' },
  amount: 55_000,
  currency: 'BDT',
  reference: `BTX${offerId}`,
  paidAt: '2026-11-20T10:00:00.000Z',
  provider: 'sslcommerz',
  refund: refunded
    ? { amount: 55_000, reference: 'RFD1', refundedAt: '2026-11-21T10:00:00.000Z' }
    : null,
});

function api(refundAnswer: { status: number; body?: unknown }) {
  let refunded = false;
  return stubApi((url, init) => {
    if (url.includes('/api/v1/admin/sales')) {
      return {
        status: 200,
        body: {
          items: [sale('a1', 'Lake view flat', refunded), sale('b2', 'Old town flat', true)],
          nextCursor: null,
        },
      };
    }
    if (init.method === 'POST' && url.endsWith('/api/v1/admin/payments/a1/refund')) {
      refunded = refundAnswer.status === 200;
      return refundAnswer;
    }
    return undefined;
  });
}

const rowOf = async (title: string) =>
  within(await screen.findByRole('row', { name: new RegExp(title) }));

describe('the admin payments page', () => {
  it('refunds a sale only after the confirm dialog, then shows it refunded', async () => {
    const calls = api({
      status: 200,
      body: {
        offerId: 'a1',
        refund: { amount: 55_000, reference: 'RFD9', refundedAt: '2026-11-25T10:00:00.000Z' },
      },
    });
    renderWithApp(<AdminSales />);
    // A refunded sale offers no second refund.
    const old = await rowOf('Old town flat');
    expect(old.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(old.getByText('Refunded')).toBeVisible();

    const row = await rowOf('Lake view flat');
    expect(row.getByText('BTXa1')).toBeVisible();
    await userEvent.click(row.getByRole('button', { name: 'Refund' }));
    const confirm = screen.getByRole('dialog', { name: /Refund .* for "Lake view flat"\?/ });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.init.method === 'POST')).toBe(false);

    await userEvent.click(row.getByRole('button', { name: 'Refund' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: /Refund/ })).getByRole('button', {
        name: 'Refund',
      }),
    );
    expect(await screen.findByText('The payment for "Lake view flat" was refunded.')).toBeVisible();
    expect(await (await rowOf('Lake view flat')).findByText('Refunded')).toBeVisible();
    expect(calls.filter((call) => call.init.method === 'POST')).toHaveLength(1);
  });

  it('shows the rail’s refusal in the reader’s language', async () => {
    api({
      status: 409,
      body: {
        type: 'about:blank',
        title: 'Conflict',
        status: 409,
        code: 'CONFLICT',
        detail: 'This payment has already been refunded.',
        messageCode: 'payment.alreadyRefunded',
        params: {},
      },
    });
    renderWithApp(<AdminSales />);
    const row = await rowOf('Lake view flat');
    await userEvent.click(row.getByRole('button', { name: 'Refund' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: /Refund/ })).getByRole('button', {
        name: 'Refund',
      }),
    );
    expect(await screen.findByText('This payment has already been refunded.')).toBeVisible();
  });
});
