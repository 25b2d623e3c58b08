import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import {
  ensureHttpsGradeTools,
  NGINX,
  OBSERVATORY_SCAN,
  OPENSSL,
} from '../../scripts/test-https-grade.mjs';
import { HTTPS_BASHA_PORT, HTTPS_PROXY_PORT } from '../playwright.config.ts';
import { BASHA_NODE_ARGS } from '../servers.ts';

/*
 * A deployment as an operator would run it: Basha in production mode with PUBLIC_URL https
 * and TRUST_PROXY 1, behind Debian's nginx terminating TLS with a certificate made for this
 * test. Plain http on nginx's port (nginx's 497 answer) is passed to Basha as
 * X-Forwarded-Proto http, so the redirect to https is Basha's own. The MDN HTTP Observatory's
 * scanner then grades it, trusting the test certificate as a browser of this site would.
 */
const PUBLIC_URL = `https://localhost:${HTTPS_PROXY_PORT}`;
const run = promisify(execFile);

type ObservatoryResult = {
  scan: { grade: string; score: number };
  tests: Record<string, { pass: boolean; result: string; scoreModifier: number }>;
};

const started: ChildProcess[] = [];
let workDir: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const missing = await ensureHttpsGradeTools();
  if (missing.length > 0) {
    throw new Error(
      `The HTTPS grade test needs tools that are missing. Run:\n  ${missing.join('\n  ')}`,
    );
  }
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basha-https-grade-'));
  makeCertificate(workDir);
  started.push(startBasha(workDir));
  await waitFor(`http://127.0.0.1:${HTTPS_BASHA_PORT}/api/health`);
  started.push(startNginx(workDir));
  await waitFor(`${PUBLIC_URL}/api/health`, path.join(workDir, 'cert.pem'));
});

test.afterAll(() => {
  for (const child of started) child.kill('SIGTERM');
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

test('the MDN HTTP Observatory grades Basha behind TLS A+', async () => {
  test.setTimeout(120_000);
  const { stdout } = await run(
    process.execPath,
    [OBSERVATORY_SCAN, `localhost:${HTTPS_PROXY_PORT}`],
    {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(workDir, 'cert.pem') },
    },
  );
  const result = JSON.parse(stdout) as ObservatoryResult;
  const lost = Object.entries(result.tests).filter(([, t]) => t.scoreModifier < 0);
  console.log(
    `MDN HTTP Observatory: grade ${result.scan.grade}, score ${result.scan.score}` +
      (lost.length > 0
        ? `; points lost: ${lost.map(([name, t]) => `${name} ${t.scoreModifier} (${t.result})`).join(', ')}`
        : ''),
  );
  for (const [name, t] of Object.entries(result.tests)) {
    console.log(`  ${t.pass ? 'pass' : 'FAIL'} ${name}: ${t.result} (${t.scoreModifier})`);
  }
  expect(result.tests.redirection?.result).toBe('redirection-to-https');
  expect(result.tests['strict-transport-security']?.pass).toBe(true);
  expect(result.scan.score).toBeGreaterThanOrEqual(100);
  expect(result.scan.grade).toBe('A+');
});

test('a browser signs up and in over https and gets a __Host- session cookie', async ({
  browser,
}) => {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: PUBLIC_URL });
  const page = await context.newPage();
  // Plain http is sent to https by Basha, path kept.
  await page.goto(`http://localhost:${HTTPS_PROXY_PORT}/login`);
  expect(page.url()).toBe(`${PUBLIC_URL}/login`);
  const email = `tls-${Date.now()}@example.test`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: PUBLIC_URL },
    multipart: {
      name: 'Over TLS',
      email,
      password: 'Dhaka@2026',
      photo: {
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: fs.readFileSync(path.join(import.meta.dirname, '../fixtures/photo.png')),
      },
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Dhaka@2026');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login Successful!')).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name.endsWith('session_token'))).toMatchObject({
    name: '__Host-better-auth.session_token',
    secure: true,
    httpOnly: true,
    path: '/',
  });
  await context.close();
});

function makeCertificate(dir: string): void {
  execFileSync(
    OPENSSL,
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
}

function startBasha(dir: string): ChildProcess {
  const child = spawn(process.execPath, BASHA_NODE_ARGS, {
    cwd: path.join(import.meta.dirname, '..'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_SECRET: 'https-grade-test-secret-of-at-least-32-characters',
      PORT: String(HTTPS_BASHA_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL,
      TRUST_PROXY: '1',
      DATA_DIR: path.join(dir, 'data'),
      DEMO_DATA: 'false',
      PGLITE_FSYNC: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  return child;
}

function startNginx(dir: string): ChildProcess {
  const upstream = `http://127.0.0.1:${HTTPS_BASHA_PORT}`;
  const forwarded = (proto: string) => `
      proxy_pass ${upstream};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto ${proto};`;
  const conf = `
daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events {}
http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 20m;
  server {
    listen 127.0.0.1:${HTTPS_PROXY_PORT} ssl;
    server_name localhost;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    # A plain-http request on the TLS port: hand it to Basha as such, which redirects it.
    error_page 497 = @plain_http;
    location @plain_http {${forwarded('http')}
    }
    location / {${forwarded('https')}
    }
  }
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(confFile, conf);
  return spawn(NGINX, ['-p', dir, '-c', confFile, '-e', path.join(dir, 'nginx-error.log')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Polls a URL until it answers 200 (trusting `caFile` for https), for up to a minute. */
async function waitFor(url: string, caFile?: string): Promise<void> {
  const ca = caFile ? fs.readFileSync(caFile) : undefined;
  const deadline = Date.now() + 60_000;
  let last = '';
  while (Date.now() < deadline) {
    last = await new Promise<string>((resolve) => {
      const get = url.startsWith('https:') ? https.get : http.get;
      get(url, { ca }, (response) => {
        response.resume();
        resolve(String(response.statusCode));
      }).on('error', (error) => resolve(error.message));
    });
    if (last === '200') return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer 200 within a minute (${last})`);
}
