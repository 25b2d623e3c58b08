// Runs the API suite's stand-ins for SSLCommerz and bKash (TEST DOUBLES of external
// services, apps/api/test/) for the end-to-end runs, on the ports the config gives.
import { startFakeBkash } from '../../apps/api/test/fake-bkash-server.ts';
import { startFakeSslcommerz } from '../../apps/api/test/fake-sslcommerz-server.ts';

await startFakeSslcommerz({ port: Number(process.env.FAKE_SSLCOMMERZ_PORT) });
await startFakeBkash({ port: Number(process.env.FAKE_BKASH_PORT) });
