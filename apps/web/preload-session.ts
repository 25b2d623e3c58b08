import type { Plugin } from 'vite';

/** The request every page makes first (who is signed in); see src/features/auth/api/get-me.ts. */
export const SESSION_PATH = '/api/v1/session';

/**
 * Adds `<link rel=preload>` of the session to index.html: the browser asks for it while the
 * scripts download, instead of after they have run, and the app's own `fetch` (same URL,
 * credentials included) takes the preloaded answer. Honours `VITE_API_BASE` like the app.
 */
export function preloadSession(): Plugin {
  let apiBase = '';
  return {
    name: 'basha:preload-session',
    configResolved(config) {
      apiBase = config.env.VITE_API_BASE ?? '';
    },
    transformIndexHtml() {
      return [
        {
          tag: 'link',
          attrs: {
            rel: 'preload',
            href: `${apiBase}${SESSION_PATH}`,
            as: 'fetch',
            crossorigin: 'use-credentials',
          },
          injectTo: 'head',
        },
      ];
    },
  };
}
