import { toast } from 'sonner';
import { ApiError } from './api-client.ts';
import { useI18n } from './i18n/i18n-provider.tsx';

/** The one toast helper: success texts, and errors explained in the reader's language. */
export function useNotify() {
  const { t, serverText } = useI18n();
  return {
    success: (text: string) => toast.success(text),
    warning: (text: string) => toast.warning(text),
    error: (error: unknown) => toast.error(describeError(error, t, serverText)),
  };
}

export function describeError(
  error: unknown,
  t: ReturnType<typeof useI18n>['t'],
  serverText: (english: string) => string,
): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('error.network');
    if (error.problem && error.status < 500) return serverText(error.problem.detail);
  }
  return t('error.generic');
}
