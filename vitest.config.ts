import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// One runner for the whole tree. Server tests build the app on a fresh PGlite (or on the PostgreSQL
// of DATABASE_URL, one schema per test file); browser tests in e2e/ drive Debian's Chromium against a
// real started server.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['domain/src/**/*.test.ts'] } },
      {
        // The browser's pure logic (decision 091): happy-dom gives it File, FileReader and sessionStorage.
        resolve: { alias: { '@': fileURLToPath(new URL('./web/src', import.meta.url)) } },
        test: { name: 'web', include: ['web/src/**/*.test.ts'], environment: 'happy-dom' },
      },
      {
        test: {
          name: 'server',
          // One module graph per worker: the server's modules and PGlite's WebAssembly are loaded
          // once, not once per file; no test replaces a module or a global (decision 158).
          isolate: false,
          include: ['server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          isolate: false,
          // Its own group, after the others: one file at a time whatever the cores (decision 158).
          sequence: { groupOrder: 1 },
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
