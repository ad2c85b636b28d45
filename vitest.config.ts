import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// One runner for the whole tree. Server tests build the app on a fresh PGlite (or on the PostgreSQL
// of DATABASE_URL, one schema per test file); browser tests in e2e/ drive Debian's Chromium against a
// real started server.
export default defineConfig({
  test: {
    // Every core: vitest's default (cores - 1) left one of this 2-core machine's cores idle while the
    // server files ran one by one (decision 176). The browser project still runs one file at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // The user guide's guard (scripts/user-guide.test.mjs, decision 169) reads files only: run with domain.
      { test: { name: 'domain', include: ['domain/src/**/*.test.ts', 'scripts/**/*.test.mjs'] } },
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
          // Generous: a timeout is a guard against a hang, never a speed goal (speed is the bench's). On
          // a machine whose two cores are busy with other work, a file's app start-up (database,
          // migrations, demo seed with argon2 hashes) and its sign-ins took over a minute.
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          isolate: false,
          // Its own group, after the others: one file at a time whatever the cores (decision 158).
          sequence: { groupOrder: 1 },
          include: ['e2e/**/*.test.ts'],
          // One embedded PostgreSQL server for the run, a fresh database per file (decision 178).
          globalSetup: ['e2e/support/shared-database.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
