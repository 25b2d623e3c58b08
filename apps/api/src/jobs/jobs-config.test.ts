import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

describe('JOBS', () => {
  it('runs jobs in the API process unless told otherwise', () => {
    expect(loadConfig({}).jobs).toBe('in-process');
    expect(
      loadConfig({ JOBS: 'separate', DATABASE_URL: 'postgres://basha@db.internal/basha' }).jobs,
    ).toBe('separate');
  });

  it('refuses separate workers on the embedded database, naming DATABASE_URL', () => {
    expect(() => loadConfig({ JOBS: 'separate' })).toThrow(ConfigError);
    expect(() => loadConfig({ JOBS: 'separate' })).toThrow(
      /^Invalid configuration:\n {2}JOBS: separate needs DATABASE_URL/,
    );
  });

  it('refuses a value it does not know', () => {
    expect(() => loadConfig({ JOBS: 'cron' })).toThrow(/JOBS: expected in-process or separate/);
  });
});
