import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { ConfirmDialogProvider } from '../components/ui/confirm-dialog.tsx';
import { I18nProvider } from '../lib/i18n/i18n-provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** `queryClient`: the app's own, when requests start before the first render (main.tsx). */
export function AppProvider({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <ConfirmDialogProvider>
          {children}
          {/* The spec's toasts: top-right, 5 s, Alt+T focuses them. */}
          <Toaster
            position="top-right"
            duration={5000}
            hotkey={['altKey', 'KeyT']}
            richColors
            closeButton
          />
        </ConfirmDialogProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
