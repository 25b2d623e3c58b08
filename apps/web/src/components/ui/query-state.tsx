import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useI18n } from '../../lib/i18n/i18n-provider.tsx';
import { describeError } from '../../lib/notify.ts';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

/**
 * A spinner (or `pending`, e.g. a placeholder as large as the content) while loading, a
 * message with a retry when the call failed, the content otherwise.
 */
export function QueryState<Data>({
  query,
  pending,
  children,
}: {
  query: UseQueryResult<Data>;
  pending?: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  const { t, serverText } = useI18n();
  if (query.isPending) return pending ?? <Spinner />;
  if (query.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-6 text-center"
      >
        <p className="font-semibold text-red-800">{t('error.loadFailed')}</p>
        <p className="text-sm text-red-800">{describeError(query.error, t, serverText)}</p>
        <Button variant="secondary" onClick={() => query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
