import { useSyncExternalStore } from 'react';
import { ApiError } from './api-client.ts';
import { problemMessage } from './i18n/coded-message.ts';
import { useI18n } from './i18n/i18n-provider.tsx';

type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | null = null;
const toasterWatchers = new Set<() => void>();

/**
 * sonner (its code and the styles it inserts) is downloaded after the page has loaded or
 * with the first toast, whichever comes first: no page needs it to show itself.
 */
export function loadToasts(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    // A failed download is retried by the next toast.
    sonner.catch(() => {
      sonner = null;
    });
    for (const watcher of toasterWatchers) watcher();
  }
  return sonner;
}

/** Whether the app's <Toaster> should be mounted: once toasts have been asked for. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (watcher) => {
      toasterWatchers.add(watcher);
      return () => toasterWatchers.delete(watcher);
    },
    () => sonner !== null,
    () => false,
  );
}

function show(kind: 'success' | 'warning' | 'error', text: string): void {
  loadToasts().then(
    ({ toast }) => toast[kind](text),
    () => undefined,
  );
}

/** The one toast helper: success texts, and errors explained in the reader's language. */
export function useNotify() {
  const { t, serverText } = useI18n();
  return {
    success: (text: string) => show('success', text),
    warning: (text: string) => show('warning', text),
    error: (error: unknown) => show('error', describeError(error, t, serverText)),
  };
}

export function describeError(
  error: unknown,
  t: ReturnType<typeof useI18n>['t'],
  serverText: ReturnType<typeof useI18n>['serverText'],
): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('error.network');
    // A page at another address than Basha's: say which one works (the server names it).
    if (error.problem?.openAt) return t('error.openBashaAt', { url: error.problem.openAt });
    if (error.problem && error.status < 500) return serverText(problemMessage(error.problem));
  }
  return t('error.generic');
}
