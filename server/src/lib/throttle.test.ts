import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query } from '../db/client';
import { AppError } from '../errors';
import { createTestApp } from '../test/app';
import { hit } from './throttle';

const count = async (app: Awaited<ReturnType<typeof createTestApp>>, key: string) =>
  (await query<{ count: number }>(app.db, sql`SELECT count FROM throttle WHERE key = ${key}`))[0]?.count ?? 0;

describe('per-address throttle (hit)', async () => {
  const [app, other] = [await createTestApp(), await createTestApp()];

  it('refuses past the limit with Retry-After, then answers a flood without writing to the database', async () => {
    const key = 'ip:prueba:10.7.7.7';
    for (let i = 0; i < 3; i++) await hit(app.db, key, 3, 60);
    const refusal = await hit(app.db, key, 3, 60).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'too_many_requests' });
    const retry = (refusal as AppError).extra.retryAfterSeconds!;
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(await count(app, key)).toBe(4);
    for (let i = 0; i < 50; i++)
      await expect(hit(app.db, key, 3, 60)).rejects.toMatchObject({ code: 'too_many_requests' });
    expect(await count(app, key)).toBe(4); // the flood never reached the database
  });

  it('keeps what one database refused to that database', async () => {
    const key = 'ip:prueba:10.7.7.8';
    for (let i = 0; i < 2; i++) await hit(app.db, key, 1, 60).catch(() => {});
    await expect(hit(app.db, key, 1, 60)).rejects.toMatchObject({ code: 'too_many_requests' });
    await expect(hit(other.db, key, 1, 60)).resolves.toBeUndefined();
  });

  it('counts again once the window has ended', async () => {
    const key = 'ip:prueba:10.7.7.9';
    await hit(app.db, key, 1, 1);
    await expect(hit(app.db, key, 1, 1)).rejects.toMatchObject({ extra: { retryAfterSeconds: 1 } });
    await new Promise((r) => setTimeout(r, 1100));
    await expect(hit(app.db, key, 1, 1)).resolves.toBeUndefined();
  });
});
