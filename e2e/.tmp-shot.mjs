import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4311';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const [role, ...routes] = process.argv.slice(2);
const width = Number(process.env.W ?? 1440);
const ctx = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
const page = await ctx.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
if (role !== 'visitor') {
  const creds = { user: ['user@basha.demo','DemoUser@2026'], agent: ['agent@basha.demo','DemoAgent@2026'], admin: ['admin@basha.demo','DemoAdmin@2026'] }[role];
  const r = await page.request.post('/api/auth/sign-in/email', { data: { email: creds[0], password: creds[1] }, headers: { origin: base } });
  console.log('login', r.status());
}
for (const route of routes) {
  await page.goto(route);
  await page.waitForTimeout(1500);
  const name = `${role}-${route.replace(/[^a-z0-9]+/gi, '_')}-${width}.png`;
  await page.screenshot({ path: `/tmp/shots/${name}`, fullPage: true });
  console.log('shot', name);
}
await browser.close();
