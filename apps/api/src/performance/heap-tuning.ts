import v8 from 'node:v8';

// Imported first by server.ts, before the app allocates anything (ADR 8). V8 "pretenures" an
// allocation site, placing its objects straight in the old generation, once many of them
// outlived a young-generation collection. Requests that wait (sign-ins hashing passwords,
// a slow query) can convince it that requests live long, and the decision sticks: the
// request and response objects of every later request then need full collections. Measured
// on a cached browse page after 29 sign-ins: 19–20k req/s with pretenuring, 27–29k without.
v8.setFlagsFromString('--no-allocation-site-pretenuring');
