import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { ConfirmDialogProvider } from '../components/ui/confirm-dialog.tsx';
import { I18nProvider } from '../lib/i18n/i18n-provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
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
