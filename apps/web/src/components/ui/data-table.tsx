import {
  Fragment,
  type ReactNode,
  type RefObject,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

/** One column: its header, and what each row shows in it. */
export type DataColumn<Row> = {
  /** The column's header in the table; on a card, the field's label. Unique in a table. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell that names its row (a row header for screen readers); on a card, its title. */
  rowHeader?: boolean;
  /** Classes of the column's cells in the table (width, wrapping). */
  className?: string;
};

type DataTableProps<Row> = {
  /** What the table lists: its caption, and the name of the list of cards. */
  caption: string;
  columns: DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Said instead of the table when there are no rows. */
  empty: ReactNode;
  /** Under a row, across the table (at the card's end): what the row opened, a form say. */
  below?: (row: Row) => ReactNode;
  /**
   * The table's least width, in rem: a frame narrower than that shows cards (a table would
   * hide its last columns, the actions, behind a sideways scroll).
   */
  minWidthRem?: number;
  /** The rows are being fetched again. */
  busy?: boolean;
};

/** From this width on, a table; below it (phones, tablets upright), one card per row. */
export const WIDE_SCREEN_QUERY = '(min-width: 64rem)';

/**
 * The app's tables: declared once as columns, shown as a table on wide screens and as
 * cards (every field labelled, every action there) on narrow ones, where a table's last
 * columns, its buttons, were off-screen behind a sideways scroll nobody noticed. A wide
 * screen whose frame is still narrower than the table needs (a laptop beside the dashboard's
 * menu) gets cards too.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const frame = useRef<HTMLDivElement>(null);
  const wideScreen = useMatchesMedia(WIDE_SCREEN_QUERY);
  const frameRem = useWidthInRem(frame);
  const wide = wideScreen && (frameRem === null || frameRem >= (props.minWidthRem ?? 0));
  return (
    <div ref={frame}>
      {props.rows.length === 0 ? (
        <p className="rounded-lg bg-white p-10 text-center text-lg font-semibold text-slate-800 shadow-sm">
          {props.empty}
        </p>
      ) : wide ? (
        <Table {...props} />
      ) : (
        <Cards {...props} />
      )}
    </div>
  );
}

function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  below,
  minWidthRem,
  busy,
}: DataTableProps<Row>) {
  return (
    // Focusable, so that a keyboard can scroll it when it is wider than its frame.
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-emerald-700"
    >
      <table
        className="w-full text-left text-sm"
        style={minWidthRem ? { minWidth: `${minWidthRem}rem` } : undefined}
        aria-busy={busy || undefined}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-800">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className="px-4 py-3 font-semibold">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => {
            const extra = below?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr className="align-top text-slate-800">
                  {columns.map((column) => {
                    const className = `px-4 py-3 ${column.className ?? ''}`;
                    return column.rowHeader ? (
                      <th
                        key={column.header}
                        scope="row"
                        className={`${className} font-semibold text-slate-900`}
                      >
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.header} className={className}>
                        {column.cell(row)}
                      </td>
                    );
                  })}
                </tr>
                {extra ? (
                  <tr>
                    <td colSpan={columns.length} className="px-4 py-3">
                      {extra}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function Cards<Row>({ caption, columns, rows, rowKey, below, busy }: DataTableProps<Row>) {
  const title = columns.find((column) => column.rowHeader);
  const fields = columns.filter((column) => column !== title);
  return (
    <ul aria-label={caption} aria-busy={busy || undefined} className="flex flex-col gap-3">
      {rows.map((row) => {
        const extra = below?.(row);
        return (
          <li
            key={rowKey(row)}
            className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800 shadow-sm"
          >
            {title ? (
              <div className="text-base font-semibold text-slate-900">{title.cell(row)}</div>
            ) : null}
            <dl className="flex flex-col gap-3">
              {fields.map((column) => (
                <div key={column.header} className="min-w-0">
                  <dt className="text-xs font-semibold text-slate-600 uppercase">
                    {column.header}
                  </dt>
                  <dd className="mt-1 break-words">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
            {extra}
          </li>
        );
      })}
    </ul>
  );
}

/** Whether the screen matches `query`, kept current; true where it cannot be told (jsdom). */
function useMatchesMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia !== 'function' || window.matchMedia(query).matches,
    () => true,
  );
}

/**
 * The element's width in rem, kept current; null until measured, and where it cannot be
 * (jsdom). Measured before the first paint, so a table that does not fit is never drawn.
 */
function useWidthInRem(element: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const observed = element.current;
    if (!observed || typeof ResizeObserver !== 'function') return;
    // The root's font size is what a rem is (16 px unless the reader changed it).
    const inRem = (pixels: number) =>
      pixels / (Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16);
    setWidth(inRem(observed.clientWidth));
    const observer = new ResizeObserver(() => setWidth(inRem(observed.clientWidth)));
    observer.observe(observed);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
