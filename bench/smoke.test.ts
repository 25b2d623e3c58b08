import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runApiBench } from './src/api/run-api-bench.ts';
import { SCENARIOS } from './src/api/scenarios.ts';

// The API benchmark end to end on tiny data, so the harness cannot rot: generation, the
// EXPLAINs, both child servers, the warm-up, every scenario for a third of a second, the soak and
// the JSON.
const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-bench-smoke-'));
afterAll(() => fs.rm(workDir, { recursive: true, force: true }));

test('every API scenario runs without errors and lands in the results JSON', async () => {
  const lines: string[] = [];
  const { result, file } = await runApiBench({
    db: 'pglite',
    listings: 200,
    runs: 1,
    durationSeconds: 0.3,
    // A tenth of a second of each scenario first, as the real runs warm up for 2 s: a route's
    // first answer builds its serializer (ADR 40), and on a loaded machine that once took the
    // whole 0.3 s of "listing details", which then counted no request at all.
    warmupSeconds: 0.1,
    connections: 2,
    soakSeconds: 1,
    deepPage: 3,
    fresh: true,
    photos: 1,
    accounts: { readers: 2, writers: 3 },
    dataDir: path.join(workDir, 'data'),
    resultsDir: path.join(workDir, 'results'),
    log: (line) => lines.push(line),
  });

  const written = JSON.parse(await fs.readFile(file, 'utf8')) as typeof result;
  expect(written.scenarios.map((s) => s.name)).toEqual(SCENARIOS.map((s) => s.name));
  for (const scenario of written.scenarios) {
    expect(scenario.runs[0]?.requests, scenario.name).toBeGreaterThan(0);
    // Both sides' CPU is recorded: the table says which one limited the run.
    expect(scenario.cpuPercent.server, scenario.name).toBeGreaterThan(0);
    expect(scenario.cpuPercent.loadGenerator, scenario.name).toBeGreaterThan(0);
    expect({ name: scenario.name, errors: scenario.errors }).toEqual({
      name: scenario.name,
      errors: 0,
    });
  }
  // The routes the scenarios must cover, and the throughput targets they declare, checked.
  expect(written.scenarios.map((s) => s.request.split(' ').slice(0, 2).join(' '))).toEqual(
    expect.arrayContaining([
      'GET /api/v1/payment-methods',
      'GET /api/v1/conversations',
      'GET /api/v1/conversations/:id',
      'GET /api/v1/conversations/:id/messages',
      'POST /api/v1/auth/password-reset-requests',
      'PUT /api/v1/me/password',
    ]),
  );
  // The password change is held to the machine's own hashing time, timed around each run.
  const passwordChange = written.scenarios.find((s) =>
    s.request.startsWith('PUT /api/v1/me/password'),
  );
  expect(passwordChange?.runs[0]?.passwordHashMs).toBeGreaterThan(0);
  expect(written.checks.map((check) => check.target)).toContainEqual(
    expect.stringMatching(/^change your password \(signed in\): p95 ≤ 2 password hashes \+ 25 ms/),
  );
  const targets = written.checks.map((check) => check.target);
  for (const scenario of SCENARIOS.filter((s) => s.minRatioToHello !== undefined)) {
    expect(targets).toContain(`${scenario.name}: throughput ≥ ${scenario.minRatioToHello} × hello`);
  }
  expect(written.explained.map((q) => q.executionMs).every(Number.isFinite)).toBe(true);
  expect(written.soak?.figures.errors).toBe(0);
  expect(written.soak?.endRssMib).toBeGreaterThan(0);
  expect(written.deepPage).toBe(3);
  // The harness measures what ships: the compiled bundle under plain node, no TypeScript loader.
  expect(written.apiCommandLine).toMatch(/\/apps\/api\/dist\/server\.js$/);
  expect(written.apiCommandLine).not.toContain('tsx');
  expect(lines.join('\n')).toContain('| endpoint |');
});
