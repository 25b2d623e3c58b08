// What both test database pools (PGlite's and PostgreSQL's) run on a database a file gave
// back: emptying it to the migrated state, and a digest of its schema to check it still has
// that state's.

/**
 * Every table that holds rows truncated, and every sequence of `public` restarted. Only
 * tables that hold rows: a TRUNCATE makes every table and index new files, and a file
 * writes to a few of the 24 tables (94 ms a file on PGlite when all were emptied).
 */
export const EMPTY_ROWS_AND_SEQUENCES = `
  DO $$
  DECLARE
    tables text;
    candidate record;
    has_rows boolean;
    sequence record;
  BEGIN
    FOR candidate IN SELECT schemaname, tablename FROM pg_tables WHERE schemaname = 'public'
    LOOP
      EXECUTE format('SELECT EXISTS (SELECT FROM %I.%I)', candidate.schemaname,
        candidate.tablename) INTO has_rows;
      IF has_rows THEN
        tables := concat_ws(', ', tables,
          format('%I.%I', candidate.schemaname, candidate.tablename));
      END IF;
    END LOOP;
    IF tables IS NOT NULL THEN
      EXECUTE 'TRUNCATE ' || tables || ' RESTART IDENTITY CASCADE';
    END IF;
    FOR sequence IN SELECT schemaname, sequencename FROM pg_sequences WHERE schemaname = 'public'
    LOOP
      EXECUTE format('ALTER SEQUENCE %I.%I RESTART', sequence.schemaname, sequence.sequencename);
    END LOOP;
  END $$;
`;

/** A digest of everything but the rows: relations, columns, indexes, constraints, triggers, functions, enums. */
export const SCHEMA_DIGEST = `
    SELECT md5(string_agg(part, '|' ORDER BY part)) AS digest FROM (
      SELECT format('schema %s', nspname) FROM pg_namespace
      UNION ALL
      SELECT format('relation %s.%s %s', relnamespace::regnamespace, relname, relkind)
        FROM pg_class WHERE relnamespace IN ('public'::regnamespace, 'drizzle'::regnamespace)
      UNION ALL
      SELECT format('column %s.%s %s %s %s', attrelid::regclass, attname,
               format_type(atttypid, atttypmod), attnotnull, pg_get_expr(adbin, adrelid))
        FROM pg_attribute
        JOIN pg_class ON pg_class.oid = attrelid
        LEFT JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum
        WHERE relnamespace = 'public'::regnamespace AND attnum > 0 AND NOT attisdropped
      UNION ALL
      SELECT format('index %s', pg_get_indexdef(indexrelid))
        FROM pg_index JOIN pg_class ON pg_class.oid = indrelid
        WHERE relnamespace = 'public'::regnamespace
      UNION ALL
      SELECT format('constraint %s %s', conname, pg_get_constraintdef(oid))
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace
      UNION ALL
      SELECT format('trigger %s %s', tgrelid::regclass, pg_get_triggerdef(oid))
        FROM pg_trigger WHERE NOT tgisinternal
      UNION ALL
      SELECT format('function %s %s', oid::regprocedure, md5(prosrc))
        FROM pg_proc WHERE pronamespace = 'public'::regnamespace
      UNION ALL
      SELECT format('enum %s %s %s', enumtypid::regtype, enumsortorder, enumlabel) FROM pg_enum
      UNION ALL
      SELECT format('migrations %s', count(*)) FROM drizzle.__drizzle_migrations
    ) AS parts(part)
`;
