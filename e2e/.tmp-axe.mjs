import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const base = 'http://127.0.0.1:4311';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const [role, ...routes] = process.argv.slice(2);
const ctx = await browser.newContext({ baseURL: base, viewport: { width: Number(process.env.W ?? 1440), height: 900 } });
const page = await ctx.newPage();
if (role !== 'visitor') {
  const creds = { user: ['user@basha.demo','DemoUser@2026'], agent: ['agent@basha.demo','DemoAgent@2026'], admin: ['admin@basha.demo','DemoAdmin@2026'] }[role];
  await page.request.post('/api/auth/sign-in/email', { data: { email: creds[0], password: creds[1] }, headers: { origin: base } });
}
for (const route of routes) {
  await page.goto(route);
  await page.locator('h1').first().waitFor();
  await page.waitForTimeout(1000);
  const t0 = Date.now();
  const r = await new AxeBuilder({ page }).withTags(['wcag2a','wcag2aa','best-practice']).analyze();
  console.log(route, `${Date.now()-t0}ms`);
  for (const v of r.violations) console.log('  ', v.impact, v.id, v.nodes.slice(0,3).map(n => n.target.join(' ')).join(' | '));
}
await browser.close();
