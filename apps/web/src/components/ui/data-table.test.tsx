import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DataColumn, DataTable, WIDE_SCREEN_QUERY } from './data-table.tsx';

type Flat = { id: string; title: string; city: string; price: number };

const flats: Flat[] = [
  { id: 'a', title: 'Lake view flat', city: 'Dhaka', price: 5_000 },
  { id: 'b', title: 'Hill cottage', city: 'Sylhet', price: 3_500 },
];

const onRemove = vi.fn();
const columns: DataColumn<Flat>[] = [
  { header: 'City', cell: (flat) => flat.city },
  { header: 'Title', rowHeader: true, cell: (flat) => flat.title },
  { header: 'Price', cell: (flat) => `${flat.price} TK` },
  {
    header: 'Actions',
    cell: (flat) => (
      <button type="button" onClick={() => onRemove(flat.id)}>
        Remove {flat.title}
      </button>
    ),
  },
];

/** A screen `wide` or not, that can be turned (the media query's change event). */
function screenOfWidth(wide: boolean) {
  const listeners = new Set<() => void>();
  const media = { matches: wide };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return query === WIDE_SCREEN_QUERY && media.matches;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return {
    turn(toWide: boolean) {
      media.matches = toWide;
      for (const listener of listeners) listener();
    },
  };
}

/** The table's frame `width` px wide (16 px to the rem), that can be resized. */
function frameOfWidth(width: number) {
  let current = width;
  const callbacks = new Set<() => void>();
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => current);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: () => void) {}
      observe() {
        callbacks.add(this.callback);
      }
      disconnect() {
        callbacks.delete(this.callback);
      }
    },
  );
  return {
    resize(to: number) {
      current = to;
      for (const callback of callbacks) callback();
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  onRemove.mockReset();
});

function renderFlats(
  rows: Flat[] = flats,
  below?: (flat: Flat) => string | null,
  minWidthRem?: number,
) {
  render(
    <DataTable
      caption="Flats"
      columns={columns}
      rows={rows}
      rowKey={(flat) => flat.id}
      empty="No flats yet."
      below={below ? (flat) => below(flat) : undefined}
      minWidthRem={minWidthRem}
    />,
  );
}

describe('DataTable', () => {
  it('on a wide screen, is a table: headers, a row header naming each row, every cell', () => {
    screenOfWidth(true);
    renderFlats();
    const table = screen.getByRole('table', { name: 'Flats' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['City', 'Title', 'Price', 'Actions']);
    const row = within(table).getByRole('row', { name: /Hill cottage/ });
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Hill cottage');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Sylhet', '3500 TK', 'Remove Hill cottage']);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('on a narrow screen, is one card per row: its title, every field labelled, every action', async () => {
    screenOfWidth(false);
    renderFlats();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Flats' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const card = within(cards[1] as HTMLElement);
    expect(cards[1]).toHaveTextContent(/^Hill cottage/);
    expect(card.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'City',
      'Price',
      'Actions',
    ]);
    expect(card.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'Sylhet',
      '3500 TK',
      'Remove Hill cottage',
    ]);
    await userEvent.click(card.getByRole('button', { name: 'Remove Hill cottage' }));
    expect(onRemove).toHaveBeenCalledWith('b');
  });

  it('turns from cards into a table when the screen widens (a phone turned sideways)', () => {
    const phone = screenOfWidth(false);
    renderFlats();
    expect(screen.getByRole('list', { name: 'Flats' })).toBeVisible();
    act(() => phone.turn(true));
    expect(screen.getByRole('table', { name: 'Flats' })).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('on a wide screen, is cards while its frame is narrower than the table needs', () => {
    screenOfWidth(true);
    // 40 rem at 16 px: a 600 px frame (a laptop's, beside the dashboard's menu) is too narrow.
    const frame = frameOfWidth(600);
    renderFlats(flats, undefined, 40);
    expect(screen.queryByRole('table')).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Flats' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    act(() => frame.resize(640));
    expect(screen.getByRole('table', { name: 'Flats' })).toHaveStyle({ minWidth: '40rem' });
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("shows what a row opened under it: across the table's columns, at the end of a card", () => {
    const phone = screenOfWidth(true);
    renderFlats(flats, (flat) => (flat.id === 'a' ? 'Why reject Lake view flat?' : null));
    const opened = screen.getByText('Why reject Lake view flat?');
    expect(opened.closest('td')).toHaveAttribute('colspan', '4');
    expect(screen.getAllByRole('row')).toHaveLength(1 + 2 + 1);
    act(() => phone.turn(false));
    const [first, second] = screen.getAllByRole('listitem');
    expect(first).toHaveTextContent(/Why reject Lake view flat\?$/);
    expect(second).not.toHaveTextContent('Why reject');
  });

  it('says so, in place of the table, when there are no rows', () => {
    screenOfWidth(true);
    renderFlats([]);
    expect(screen.getByText('No flats yet.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
