import { describe, expect, it } from 'vitest';
import { refusalOf } from './users.ts';

describe('admin actions on accounts', () => {
  const user = { role: 'user', fraud: false } as const;
  const agent = { role: 'agent', fraud: false } as const;
  const fraudAgent = { role: 'agent', fraud: true } as const;
  const admin = { role: 'admin', fraud: false } as const;

  it('allows only user → agent/admin, fraud on honest agents, deleting users', () => {
    expect(refusalOf('promote', user, false)).toBeNull();
    expect(refusalOf('markFraud', agent, false)).toBeNull();
    expect(refusalOf('delete', user, false)).toBeNull();
  });

  it.each([
    ['promote', agent, 'Only users can be promoted; this account is an agent.'],
    ['promote', admin, 'Only users can be promoted; this account is an admin.'],
    ['markFraud', user, 'Only agents can be marked as fraud.'],
    ['markFraud', admin, 'Only agents can be marked as fraud.'],
    ['markFraud', fraudAgent, 'This agent is already marked as fraud.'],
    ['delete', agent, 'Only users can be deleted; this account is an agent.'],
    ['delete', admin, 'Only users can be deleted; this account is an admin.'],
  ] as const)('%s on %o is refused', (action, target, message) => {
    expect(refusalOf(action, target, false)).toBe(message);
  });

  it('never lets an admin act on their own account', () => {
    for (const action of ['promote', 'markFraud', 'delete'] as const) {
      expect(refusalOf(action, admin, true)).toBe('You cannot change your own account.');
    }
  });
});
