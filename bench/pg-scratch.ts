/**
 * A throwaway PostgreSQL database for a benchmark or fault script: created on the server of
 * `adminUrl`, dropped (WITH FORCE) by `drop()`. One home for the create/drop pair the scripts shared.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';

export type ScratchDatabase = { name: string; url: string; drop: () => Promise<void> };

export async function createScratchDatabase(prefix: string, adminUrl = PG_ADMIN): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
