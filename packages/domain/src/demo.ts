import type { Role } from './users.ts';

/** Demo accounts seeded with the demo data; the login page's demo buttons prefill these. */
export const DEMO_ACCOUNTS: Record<Role, { name: string; email: string; password: string }> = {
  user: { name: 'Nusrat Jahan', email: 'user@basha.demo', password: 'DemoUser@2026' },
  agent: { name: 'Tanvir Hossain', email: 'agent@basha.demo', password: 'DemoAgent@2026' },
  admin: { name: 'Farhana Rahman', email: 'admin@basha.demo', password: 'DemoAdmin@2026' },
};
