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

describe('JOBS_KEEP_FINISHED_DAYS', () => {
  it('keeps finished jobs JOBS_KEEP_FINISHED_DAYS days, 7 unless told otherwise', () => {
    expect(loadConfig({}).keepFinishedJobsDays).toBe(7);
    expect(loadConfig({ JOBS_KEEP_FINISHED_DAYS: '30' }).keepFinishedJobsDays).toBe(30);
    for (const wrong of ['0', '-1', '1.5', 'a week']) {
      expect(() => loadConfig({ JOBS_KEEP_FINISHED_DAYS: wrong })).toThrow(
        /JOBS_KEEP_FINISHED_DAYS/,
      );
    }
  });
});
