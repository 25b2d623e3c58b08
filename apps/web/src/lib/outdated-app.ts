/**
 * A page's code could not be downloaded: the browser's words for it (Chromium, Safari,
 * Firefox). After a deploy the open tab still asks for the previous build's file names.
 */
const MODULE_DOWNLOAD_FAILED =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** Within this time, a second failure at the same address shows the message, not a reload. */
export const RELOAD_GUARD_MS = 60_000;
const GUARD_KEY_PREFIX = 'basha:reloaded-for-new-build:';

/** The app this tab runs is older than the server's, and a reload did not help. */
export class OutdatedAppError extends Error {
  constructor(cause: unknown) {
    super('The page could not be loaded after a reload', { cause });
    this.name = 'OutdatedAppError';
  }
}

export function isModuleDownloadFailure(error: unknown): boolean {
  return error instanceof TypeError && MODULE_DOWNLOAD_FAILED.test(error.message);
}

/**
 * Reloads the page to fetch the current build, once per address within RELOAD_GUARD_MS:
 * if the page's code is still missing after that, a reload loop would only flash the page.
 * Returns false when it did not reload (already tried, or no storage to remember it in).
 */
export function reloadOnceForNewBuild({
  now = Date.now(),
  reload = () => window.location.reload(),
}: {
  now?: number;
  reload?: () => void;
} = {}): boolean {
  const key = GUARD_KEY_PREFIX + window.location.href;
  try {
    const reloadedAt = Number(sessionStorage.getItem(key));
    if (reloadedAt && now - reloadedAt < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(key, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/**
 * Loads a page's code; when the build it names is gone, reloads once, and never resolves
 * meanwhile (the reload replaces the page). A failure after that is an OutdatedAppError.
 */
export function loadOrReload<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    // Offline, a reload would only show the browser's error page.
    if (!isModuleDownloadFailure(error) || !navigator.onLine) throw error;
    if (reloadOnceForNewBuild()) return new Promise<T>(() => undefined);
    throw new OutdatedAppError(error);
  });
}
