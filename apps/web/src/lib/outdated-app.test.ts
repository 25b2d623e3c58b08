import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isModuleDownloadFailure,
  loadOrReload,
  OutdatedAppError,
  RELOAD_GUARD_MS,
  reloadOnceForNewBuild,
} from './outdated-app.ts';

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('a page whose code is gone after a deploy', () => {
  it("recognises each browser's words for a page file that could not be downloaded", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/about-1.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: http://x/assets/about-1.js',
    ]) {
      expect(isModuleDownloadFailure(new TypeError(message))).toBe(true);
    }
    expect(isModuleDownloadFailure(new TypeError('x is not a function'))).toBe(false);
    expect(isModuleDownloadFailure(new Error('Failed to fetch dynamically imported module'))).toBe(
      false,
    );
  });

  it('reloads once per address, again only after a while: never a loop', () => {
    const reload = vi.fn();
    const start = 1_000_000;
    window.history.replaceState(null, '', '/about-us');
    expect(reloadOnceForNewBuild({ now: start, reload })).toBe(true);
    expect(reloadOnceForNewBuild({ now: start + 5_000, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    // Another page is its own first time.
    window.history.replaceState(null, '', '/dashboard/profile');
    expect(reloadOnceForNewBuild({ now: start + 5_000, reload })).toBe(true);

    // The next deploy, later on: the first page may reload again.
    window.history.replaceState(null, '', '/about-us');
    expect(reloadOnceForNewBuild({ now: start + RELOAD_GUARD_MS + 1, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('passes other failures on as they are, and a failure after the reload as OutdatedAppError', async () => {
    const bug = new TypeError('x is not a function');
    await expect(loadOrReload(() => Promise.reject(bug))).rejects.toBe(bug);

    // This address has reloaded a moment ago (jsdom cannot reload).
    reloadOnceForNewBuild({ reload: () => undefined });
    const missing = new TypeError('Failed to fetch dynamically imported module: /assets/a.js');
    const failure = loadOrReload(() => Promise.reject(missing));
    await expect(failure).rejects.toBeInstanceOf(OutdatedAppError);
    await expect(failure).rejects.toMatchObject({ cause: missing });
  });

  it('hands over the page when its code arrives', async () => {
    await expect(loadOrReload(() => Promise.resolve({ default: 'page' }))).resolves.toEqual({
      default: 'page',
    });
  });
});
