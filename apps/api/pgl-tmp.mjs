import { PGlite } from '@electric-sql/pglite';
const t = performance.now();
const db = await PGlite.create();
const t1 = performance.now();
await db.query('select 1');
console.log('create', Math.round(t1 - t), 'query', Math.round(performance.now() - t1));
await db.close();
