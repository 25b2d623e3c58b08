import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['./testing/setup.ts'],
    // Files share a worker's module graph (React, Router, Query load once per worker);
    // each test still renders into a fresh DOM with its own QueryClient.
    isolate: false,
  },
});
