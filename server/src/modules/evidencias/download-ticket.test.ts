import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TokenClaims } from '@proveedores/domain';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import { issueDownloadTicket, TICKET_SECONDS } from '../../lib/download-ticket';
import { verifyToken } from '../../lib/token';
import { adjunto, pdfBytes, requisitoId } from '../../test/evidencias';

/** Download tickets in place of the session token in file URLs (docs/decisions/166). */
let app: FastifyInstance;
let A: Record<string, string>;
let B: Record<string, string>;
let staff: Record<string, string>;
let first: number;
let second: number;
let annex: number;
const bytes = pdfBytes();

const ticketFor = (url: string, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: `${url}/ticket`, headers });
const open = (url: string, ticket: string) =>
  app.inject({ method: 'GET', url: `${url}?ticket=${encodeURIComponent(ticket)}` });

beforeAll(async () => {
  app = await createTestApp();
  [A, B, staff] = await Promise.all([
    authHeaders(app, CONTRACTOR_A),
    authHeaders(app, CONTRACTOR_B),
    authHeaders(app, REVIEWER),
  ]);
  const put = async (codigo: string, name: string) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${await requisitoId(app, 'sg-sst', codigo)}`,
      headers: A,
      payload: { adjunto: adjunto(bytes, name) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().idEntrega as number;
  };
  first = await put('E01', 'rut.pdf');
  second = await put('E03', 'otro.pdf');
  const an = await app.inject({
    method: 'PUT',
    url: `/api/contratista/adjuntos/sg-sst/${await requisitoId(app, 'sg-sst', 'E01')}/anexo`,
    headers: A,
    payload: { adjunto: adjunto(bytes, 'anexo.pdf') },
  });
  annex = an.json().idAnexo;
});

describe('download tickets', () => {
  it('an authenticated call gets a ticket that opens that file without the bearer header', async () => {
    for (const url of [`/api/adminflujos/adjunto/${first}`, `/api/adminflujos/adjunto/anexo/${annex}`]) {
      const res = await ticketFor(url, A);
      expect(res.statusCode, res.body).toBe(200);
      const { ticket, vence } = res.json();
      const left = new Date(vence).getTime() - Date.now();
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(TICKET_SECONDS * 1000);
      expect(ticket).not.toContain(A.authorization.slice('Bearer '.length));
      const file = await open(url, ticket);
      expect(file.statusCode, file.body).toBe(200);
      expect(file.rawPayload.equals(bytes)).toBe(true);
      expect(file.headers['cache-control']).toBe('no-store');
    }
  });

  it("is refused for another company's file; staff get one for any file", async () => {
    for (const url of [`/api/adminflujos/adjunto/${first}`, `/api/adminflujos/adjunto/anexo/${annex}`]) {
      expect((await ticketFor(url, B)).statusCode).toBe(404);
      expect((await ticketFor(url, {})).statusCode).toBe(401);
      const res = await ticketFor(url, staff);
      expect(res.statusCode).toBe(200);
      expect((await open(url, res.json().ticket)).statusCode).toBe(200);
    }
    expect((await ticketFor('/api/adminflujos/adjunto/999999', A)).statusCode).toBe(404);
  });

  it('a ticket for one file opens no other file, nor any other route', async () => {
    const { ticket } = (await ticketFor(`/api/adminflujos/adjunto/${first}`, A)).json();
    expect((await open(`/api/adminflujos/adjunto/${second}`, ticket)).statusCode).toBe(401);
    // Same number, other kind: an annex is another file.
    expect((await open(`/api/adminflujos/adjunto/anexo/${first}`, ticket)).statusCode).toBe(401);
    expect((await open('/api/contratista/adjuntos/sg-sst', ticket)).statusCode).toBe(401);
    expect((await open(`/api/adminflujos/adjunto/${first}`, ticket)).statusCode).toBe(200);
  });

  it('an expired, altered or forged ticket is refused', async () => {
    const claims = (await verifyToken(
      A.authorization.slice('Bearer '.length),
      app.config.jwtSecret,
    )) as TokenClaims;
    const url = `/api/adminflujos/adjunto/${first}`;
    const issued = (now: Date) =>
      issueDownloadTicket({ scope: `entrega:${first}`, claims, now, secret: app.config.jwtSecret }).ticket;
    // Issued just over its lifetime ago.
    const expired = issued(new Date(Date.now() - (TICKET_SECONDS + 1) * 1000));
    expect((await open(url, expired)).statusCode).toBe(401);
    const fresh = issued(new Date());
    expect((await open(url, fresh)).statusCode).toBe(200);
    const flipped = `${fresh.slice(0, 20)}${fresh[20] === 'A' ? 'B' : 'A'}${fresh.slice(21)}`;
    expect((await open(url, flipped)).statusCode).toBe(401);
    const otherKey = issueDownloadTicket({
      scope: `entrega:${first}`,
      claims,
      now: new Date(),
      secret: new TextEncoder().encode('not the server secret'),
    }).ticket;
    expect((await open(url, otherKey)).statusCode).toBe(401);
    expect((await open(url, 'x')).statusCode).toBe(401);
  });

  it('the session token is no longer accepted in the query string, only as a header', async () => {
    const token = A.authorization.slice('Bearer '.length);
    const url = `/api/adminflujos/adjunto/${first}`;
    expect((await app.inject({ method: 'GET', url: `${url}?token=${token}` })).statusCode).toBe(401);
    // A token in place of a ticket is not a ticket either.
    expect((await open(url, token)).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url, headers: A })).statusCode).toBe(200);
  });

  it('is bound to its session: after logout the ticket opens nothing', async () => {
    const own = await authHeaders(app, CONTRACTOR_A);
    const url = `/api/adminflujos/adjunto/${first}`;
    const { ticket } = (await ticketFor(url, own)).json();
    expect((await open(url, ticket)).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/login/logout', headers: own });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect((await open(url, ticket)).statusCode).toBe(401);
  });
});
