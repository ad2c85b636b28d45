import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/client';
import { startEmbeddedPostgres } from '../../server/src/db/embedded-postgres';
import { ensureWebBuild } from './web-build';

/**
 * The browser project's global set-up (vitest.config.ts, docs/decisions/178): one embedded PostgreSQL
 * server for the whole run, the portal's own (server/src/db/embedded-postgres.ts), with the
 * migrations applied once to a template database. Each browser file's server gets a fresh database
 * copied from it (e2e/support/server.ts), instead of starting and removing a cluster of its own.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared server's maintenance database (`postgres`), for creating each file's database. */
    e2eDatabaseUrl: string;
    /** The migrated database each file's database is copied from. */
    e2eTemplateDatabase: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The web app is built here, once, when its sources are newer, and not inside the first browser
  // file's start-up: on a clean clone with both cores busy that build outran the 180 s hook timeout.
  ensureWebBuild();
  const dir = mkdtempSync(path.join(tmpdir(), 'proveedores-e2e-pg-'));
  const server = await startEmbeddedPostgres({ dataDir: dir });
  try {
    const migrated = await openDatabase({ databaseUrl: server.url });
    await migrated.close();
  } catch (err) {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const url = new URL(server.url);
  const template = url.pathname.slice(1);
  url.pathname = '/postgres';
  project.provide('e2eDatabaseUrl', url.toString());
  project.provide('e2eTemplateDatabase', template);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
