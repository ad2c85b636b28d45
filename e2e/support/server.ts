import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject, vi } from 'vitest';
import { buildApp } from '../../server/src/app';
import { dropIsolatedDatabase, openDatabase, type Database } from '../../server/src/db/client';
import { loadConfig } from '../../server/src/config';
import type { Clock } from '../../server/src/lib/clock';
import { mailText, startSmtpSink, type SunkMail } from '../../server/src/test/smtp-sink';
import { ensureWebBuild, WEB_DIST } from './web-build';

export type { SunkMail };

export type TestServer = {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** The fresh DATA_DIR of this server (PGlite files, secrets); removed by stop(). */
  dataDir: string;
  /** Every mail the server sent, as received by the SMTP sink (in order). */
  mails: SunkMail[];
  app: FastifyInstance;
  /** Waits for the first mail to `to` (after `since` mails), decoded enough to read its text. */
  waitForMail: (opts?: {
    to?: string;
    since?: number;
    timeoutMs?: number;
  }) => Promise<SunkMail & { text: string }>;
  stop: () => Promise<void>;
};

export type StartServerOptions = {
  /** Extra environment for loadConfig (e.g. { SESSION_HOURS: '0.003' }). */
  env?: Record<string, string>;
  /**
   * The server's clock (server/src/lib/clock.ts manualClock): the day compliance is judged on, for
   * tests whose documents carry fixed dates. Sessions and tokens keep real time.
   */
  clock?: Clock;
};

/**
 * A fresh database on the browser project's shared PostgreSQL server (e2e/support/shared-database.ts,
 * docs/decisions/178), copied from its migrated template; undefined when the run has no shared server
 * (a file run outside the browser project), and the portal then starts its own in DATA_DIR.
 */
async function freshSharedDatabase(): Promise<{ database: Database; drop: () => Promise<void> } | undefined> {
  const serverUrl = inject('e2eDatabaseUrl');
  if (!serverUrl) return undefined;
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({
    databaseUrl: serverUrl,
    isolatedDatabase: name,
    template: inject('e2eTemplateDatabase'),
  });
  return {
    database,
    drop: async () => {
      await database.close();
      await dropIsolatedDatabase(serverUrl, name);
    },
  };
}

/**
 * The real server (buildApp, as main.ts runs it) on a random 127.0.0.1 port, with a fresh DATA_DIR
 * (files, secrets) and a fresh PostgreSQL database (demo data seeded), web/dist served from the same
 * origin, mail going to a real SMTP sink held in memory, and captchas at a low cost
 * (CAPTCHA_MAX_NUMBER=2000).
 */
export async function startServer(opts: StartServerOptions = {}): Promise<TestServer> {
  ensureWebBuild();
  const sink = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'proveedores-e2e-'));
  let app: FastifyInstance | undefined;
  let shared: Awaited<ReturnType<typeof freshSharedDatabase>> | undefined;
  try {
    shared = await freshSharedDatabase();
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        CAPTCHA_MAX_NUMBER: '2000',
        SEED_DEMO: 'true',
        SMTP_URL: sink.url,
        SST_MAILBOX: 'gestionsst@constructora.example.co',
        ...opts.env,
      },
      { webDist: WEB_DIST, ...(opts.clock ? { clock: opts.clock } : {}) },
    );
    app = await buildApp(config, { logger: false, ...(shared ? { database: shared.database } : {}) });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    await app?.close().catch(() => {});
    await shared?.drop().catch(() => {});
    await sink.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const { port } = app.server.address() as AddressInfo;
  const started = app;
  const database = shared;

  // A wait for a state (the mail is in the sink), retried until it holds or the time is up.
  const waitForMail: TestServer['waitForMail'] = ({ to, since = 0, timeoutMs = 15_000 } = {}) =>
    vi.waitFor(
      () => {
        const mail = sink.mails.slice(since).find((m) => !to || m.to.includes(to));
        if (!mail) throw new Error(`no mail${to ? ` to ${to}` : ''} within ${timeoutMs} ms`);
        return { ...mail, text: mailText(mail.raw) };
      },
      { timeout: timeoutMs, interval: 50 },
    );

  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    mails: sink.mails,
    app: started,
    waitForMail,
    stop: async () => {
      await started.close();
      await database?.drop();
      await sink.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
