import {
  type messages,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * How many statements one PGlite keeps prepared. The app sends a few hundred texts; each
 * kept statement holds its parse tree (and, once PostgreSQL settles on one, its plan) in
 * PGlite's memory, so the least recently used beyond this are closed.
 */
export const KEPT_STATEMENTS = 1000;

/** PostgreSQL's error codes that mean the statement kept under a name must be made again. */
const STATEMENT_GONE = new Set([
  '26000', // invalid_sql_statement_name: no longer prepared (DEALLOCATE, DISCARD ALL)
  '0A000', // feature_not_supported: "cached plan must not change result type" after DDL
]);

const isGone = (error: unknown) => STATEMENT_GONE.has((error as { code?: string }).code ?? '');

type Kept = {
  name: string;
  /** The parameters' type OIDs, as PostgreSQL inferred them: each value's serializer. */
  parameterTypes: number[];
  /** The rows' description (absent for a statement that returns none). */
  rowDescription: messages.BackendMessage | undefined;
};

type Run = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

type NamedStatements = {
  /** A query outside any transaction: waits for an open transaction to end, as `query` does. */
  query: Run;
  /** A query inside the open transaction `tx`. */
  queryIn(tx: Transaction): Run;
  /** Forgets every kept statement: for whoever ran `DEALLOCATE ALL` on the client. */
  forget(): void;
};

/** One set per PGlite: two handles on one database must not give one name two texts. */
const statementsByClient = new WeakMap<PGlite, NamedStatements>();

/**
 * PGlite's `query` parses, analyses and plans its statement on every call, in six calls into
 * its WebAssembly (Parse, Describe, Bind, Describe, Execute, Sync). Here a statement is
 * parsed once under a name and then runs as Bind, Execute and Sync in one call: a lookup by
 * key took 420 µs through `query` and 120 µs here, a statement without parameters that reads
 * 24 tables 2.9 ms and 0.45 ms. PostgreSQL's own plan_cache_mode (auto) decides whether the
 * plan is kept too, as it does for the statements Drizzle names on the PostgreSQL driver
 * (ADR 5). A statement run only once makes two calls instead of six.
 *
 * This uses PGlite's protocol interface and its two locks (`_runExclusiveTransaction`,
 * `_runExclusiveQuery`), exactly as its `query` does; `pglite-statements.pglite.test.ts` fails when
 * an upgrade changes what they mean.
 */
export function namedStatementsOn(client: PGlite): NamedStatements {
  let statements = statementsByClient.get(client);
  if (!statements) {
    statements = keepStatements(client);
    statementsByClient.set(client, statements);
  }
  return statements;
}

/** Names are never given twice in a process, whichever database they are kept on. */
let statementsNamed = 0;

function keepStatements(client: PGlite): NamedStatements {
  const kept = new Map<string, Kept>();
  /** Statements to close, sent ahead of the next one prepared. */
  const closing: Uint8Array[] = [];

  async function prepare(text: string): Promise<Kept> {
    const name = `basha_${++statementsNamed}`;
    if (kept.size >= KEPT_STATEMENTS) {
      // A Map iterates in insertion order, and every use re-inserts: the first is the oldest.
      const [oldestText, oldest] = kept.entries().next().value as [string, Kept];
      kept.delete(oldestText);
      closing.push(protocol.serialize.close({ type: 'S', name: oldest.name }));
    }
    const messages = await client.execProtocolStream(
      joined([
        ...closing.splice(0),
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement: Kept = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    kept.set(text, statement);
    return statement;
  }

  async function execute(text: string, params: unknown[], options: QueryOptions = {}) {
    try {
      let statement = kept.get(text);
      if (statement) {
        kept.delete(text);
        kept.set(text, statement);
      } else {
        statement = await prepare(text);
      }
      const types = statement.parameterTypes;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const oid = types[i] as number;
        const serialize = options.serializers?.[oid] ?? client.serializers[oid];
        return serialize ? serialize(value) : String(value);
      });
      const messages = await client.execProtocolStream(
        joined([
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      const described = statement.rowDescription
        ? [statement.rowDescription, ...messages]
        : messages;
      return parse.parseResults(described, client.parsers, options)[0] as Results;
    } catch (error) {
      const statement = kept.get(text);
      if (statement && isGone(error)) {
        kept.delete(text);
        closing.push(protocol.serialize.close({ type: 'S', name: statement.name }));
      }
      throw Object.assign(error as object, { query: text, params });
    }
  }

  /** PGlite's own path for the options only it knows (files in and out, given types). */
  const keeps = (options: QueryOptions | undefined) =>
    options?.blob === undefined && options?.paramTypes === undefined;

  return {
    query: async (text, params, options) => {
      if (!keeps(options)) return client.query(text, params, options);
      await client._checkReady();
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const result = await execute(text, params ?? [], options).catch((error) =>
            // Outside a transaction a statement made again can simply run again.
            isGone(error) ? execute(text, params ?? [], options) : Promise.reject(error),
          );
          await client.syncToFs();
          return result;
        }),
      );
    },
    queryIn: (tx) => async (text, params, options) => {
      if (!keeps(options)) return tx.query(text, params, options);
      if (tx.closed) throw new Error('Transaction is closed');
      return client._runExclusiveQuery(() => execute(text, params ?? [], options));
    },
    forget: () => {
      kept.clear();
      closing.length = 0;
    },
  };
}

function joined(parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}
