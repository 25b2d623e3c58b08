import { DEMO_ACCOUNTS, type Role } from '@basha/domain';

/** Everyone in the demo marketplace, by a short key the demo data refers to. */
export type DemoPerson = {
  name: string;
  email: string;
  password: string;
  role: Role;
  /** Agents only: when an admin marked them as fraud, which delisted their properties. */
  markedFraudDaysAgo?: number;
  avatarColour: string;
  /** Account creation, in days before the seed runs: before anything the person did. */
  joinedDaysAgo: number;
};

/** Password of the extra demo people (the three demo accounts keep their own). */
export const DEMO_PEOPLE_PASSWORD = 'BashaDemo@2026';

export const DEMO_PEOPLE = {
  demoAdmin: { ...DEMO_ACCOUNTS.admin, role: 'admin', avatarColour: '#4338ca', joinedDaysAgo: 120 },
  demoAgent: { ...DEMO_ACCOUNTS.agent, role: 'agent', avatarColour: '#b45309', joinedDaysAgo: 90 },
  demoUser: { ...DEMO_ACCOUNTS.user, role: 'user', avatarColour: '#0f766e', joinedDaysAgo: 65 },
  mahmud: person('Mahmudul Hasan', 'mahmudul.hasan', 'agent', '#9a3412', 85),
  shirin: person('Shirin Akter', 'shirin.akter', 'agent', '#be185d', 80),
  kamrul: {
    ...person('Kamrul Ahsan', 'kamrul.ahsan', 'agent', '#57534e', 70),
    markedFraudDaysAgo: 4,
  },
  arif: person('Arif Chowdhury', 'arif.chowdhury', 'user', '#1d4ed8', 62),
  sabrina: person('Sabrina Islam', 'sabrina.islam', 'user', '#7e22ce', 61),
  imran: person('Imran Kabir', 'imran.kabir', 'user', '#15803d', 60),
  tahmina: person('Tahmina Begum', 'tahmina.begum', 'user', '#c2410c', 59),
} satisfies Record<string, DemoPerson>;

export type PersonKey = keyof typeof DEMO_PEOPLE;

/** The agents whose listings make up the demo marketplace (its idempotency marker). */
export const DEMO_AGENT_KEYS = [
  'demoAgent',
  'mahmud',
  'shirin',
  'kamrul',
] as const satisfies readonly PersonKey[];

function person(
  name: string,
  mailbox: string,
  role: Role,
  avatarColour: string,
  joinedDaysAgo: number,
): DemoPerson {
  return {
    name,
    email: `${mailbox}@basha.demo`,
    password: DEMO_PEOPLE_PASSWORD,
    role,
    avatarColour,
    joinedDaysAgo,
  };
}
