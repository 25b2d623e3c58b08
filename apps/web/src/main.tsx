// First: zod's settings must be in place before any schema is built.
import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { router } from './app/router.tsx';
import { loadSavedLocale } from './lib/i18n/i18n-provider.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A Bangla reader's texts first (English ones are part of this bundle): no English flash.
// Should they fail to download, the app starts in English rather than not at all.
loadSavedLocale()
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    ),
  );
