import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@proveedores/domain';
import { query } from '../db/client';
import { authHeaders, CONTRACTOR_A, createTestApp, REVIEWER } from '../test/app';
import { pdfBytes, requisitoId } from '../test/evidencias';
import { MAX_JSON_DEPTH } from '../lib/json-depth';
import { fileCheckMessages, OFF_THREAD_MIN } from '../lib/file-check';
import { keptAttachmentTexts } from '../lib/attachment-text';

let app: FastifyInstance;
let A: Record<string, string>;
let R: Record<string, string>;
let rut: number;

beforeAll(async () => {
  app = await createTestApp();
  // A route that sends a NUL to the database directly: the error handler's safety net (PostgreSQL
  // refuses NUL in text with SQLSTATE 22021; PGlite the same) is tested without the guard hook.
  app.post('/api/test/raw-nul', async () => {
    await query(app.db, sql`SELECT ${'a\u0000b'}::text AS t`);
    return { ok: true };
  });
  [A, R] = await Promise.all([authHeaders(app, CONTRACTOR_A), authHeaders(app, REVIEWER)]);
  rut = await requisitoId(app, 'sg-sst', 'E01');
});

/** A POST over a real socket, the body sent in 16 KB pieces; the status, or 0 when the server closed first. */
function rawPost(port: number, url: string, body: string, chunked: boolean): Promise<number> {
  return new Promise((resolve) => {
    const bytes = Buffer.from(body);
    const headers: Record<string, string | number> = { 'content-type': 'application/json' };
    if (!chunked) headers['content-length'] = bytes.length;
    const req = http.request({ host: '127.0.0.1', port, path: url, method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    for (let at = 0; at < bytes.length; at += 16_384) req.write(bytes.subarray(at, at + 16_384));
    req.end();
  });
}

type Res = { statusCode: number; json: () => { message: string; code: string; requestId?: string } };
function expectNulRefused(res: Res, what: string) {
  expect(res.statusCode, what).toBe(400);
  expect(res.json().message, what).toBe(MSG.nulCharacter);
  expect(res.json().code, what).toBe('bad_request');
}

describe('NUL characters', () => {
  it('are refused with 400 and a Spanish message in paths, query strings and bodies, public and signed in', async () => {
    const cases: Array<[string, InjectOptions]> = [
      ['public path', { method: 'GET', url: '/api/login/forgetpassword/90%000' }],
      ['public path (register)', { method: 'POST', url: '/api/login/forgetpassword/register/90%000' }],
      [
        'public body',
        {
          method: 'POST',
          url: '/api/login/authenticate?permiso=1',
          payload: { username: '900\u0000', password: 'x', captcha: 'x' },
        },
      ],
      ['public query', { method: 'GET', url: '/api/login/captcha?x=%00' }],
      ['signed-in path', { method: 'GET', url: '/api/contratista/empleados/CC/10%0020', headers: A }],
      [
        'signed-in list filter',
        { method: 'GET', url: '/api/contratista/Listadinamico/histdocs?q=a%00b', headers: A },
      ],
      [
        'signed-in body (comment)',
        {
          method: 'PUT',
          url: `/api/contratista/adjuntos/sg-sst/${rut}`,
          headers: A,
          payload: { detalle: 'hola\u0000mundo' },
        },
      ],
      [
        'signed-in body key',
        {
          method: 'PUT',
          url: `/api/contratista/adjuntos/sg-sst/${rut}`,
          headers: A,
          payload: { 'deta\u0000lle': 'x' },
        },
      ],
      [
        'signed-in upload file name',
        {
          method: 'PUT',
          url: `/api/contratista/adjuntos/sg-sst/${rut}`,
          headers: A,
          payload: {
            adjunto: {
              adjunto: pdfBytes().toString('base64'),
              nombreArchivo: 'rut\u0000.pdf',
              extension: 'pdf',
            },
          },
        },
      ],
      [
        'staff body (rejection reason)',
        {
          method: 'POST',
          url: '/api/revision/entregas/1/rechazar',
          headers: R,
          payload: { motivo: 'no\u0000' },
        },
      ],
      ['staff query', { method: 'GET', url: '/api/revision/pendientes?empresa=%00', headers: R }],
    ];
    for (const [what, req] of cases) expectNulRefused((await app.inject(req)) as Res, what);
  });

  it('a NUL that still reaches the database is a 400, not a 500', async () => {
    expectNulRefused((await app.inject({ method: 'POST', url: '/api/test/raw-nul' })) as Res, 'raw');
  });

  it('other control characters still pass the guard', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/login/forgetpassword/90%01' });
    expect(res.statusCode).not.toBe(500);
    expect(res.json().message).not.toBe(MSG.nulCharacter);
  });
});

describe('deeply nested JSON', () => {
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

  it('is refused while reading, on normal and upload routes, with a Spanish message', async () => {
    for (const [url, method, headers] of [
      ['/api/login/authenticate?permiso=1', 'POST', {}],
      [`/api/contratista/adjuntos/sg-sst/${rut}`, 'PUT', A],
    ] as const) {
      for (const body of [
        deep(MAX_JSON_DEPTH + 1),
        `{"a":${deep(10_000)}}`,
        // Brackets inside strings do not count; escaped quotes do not end a string.
        `{"detalle":"${'['.repeat(100)}\\"${'{'.repeat(100)}", "x": ${deep(MAX_JSON_DEPTH)}}`,
      ]) {
        const res = await app.inject({
          method,
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: body,
        });
        expect(res.statusCode, `${url} ${body.slice(0, 40)}`).toBe(400);
        expect(res.json().message).toBe(MSG.jsonTooDeep(MAX_JSON_DEPTH));
      }
    }
  });

  it('a body over the route limit that nests too deep is a 413 and the process lives on (no stream error left unheard)', async () => {
    // Fastify refuses a declared length over the limit without reading the body; the depth scanner
    // still sees the bytes that arrive and fails its stream, which must have a listener.
    const unhandled: unknown[] = [];
    const onUncaught = (err: unknown) => unhandled.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      // Deep at once, or deep only past the limit (what a chunked body brings after its 413).
      const bodies = [
        deep(MAX_JSON_DEPTH + 8).padEnd(100_000, ' '),
        ' '.repeat(70_000) + deep(MAX_JSON_DEPTH + 8),
      ];
      for (const body of bodies)
        for (const chunked of [false, true])
          for (let i = 0; i < 5; i++) {
            const status = await rawPost(port, '/api/login/authenticate?permiso=1', body, chunked);
            expect([400, 413, 0], `chunked ${chunked}`).toContain(status);
          }
      await new Promise((r) => setTimeout(r, 50));
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('whatever the case of the content type', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login/authenticate?permiso=1',
      headers: { 'content-type': 'Application/JSON; charset=UTF-8' },
      payload: deep(MAX_JSON_DEPTH + 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.jsonTooDeep(MAX_JSON_DEPTH));
  });

  // How fast it is refused is a row of the bench (bench/fault-deep-json.ts), not a test: a busy machine
  // slows any figure. The test holds the mechanism: the depth check answers, nothing deeper runs.
  it('a 6.8 MB body nested 3.4 million levels is refused by the depth check', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${rut}`,
      headers: { ...A, 'content-type': 'application/json' },
      payload: deep(3_400_000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.jsonTooDeep(MAX_JSON_DEPTH));
  });

  it('nesting up to the limit, brackets in strings and escapes are still parsed', async () => {
    const ok = `{"detalle":"[[[{{{\\\\\\"]]]}}} \\u005b","x":${deep(MAX_JSON_DEPTH - 1)}}`;
    const res = await app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${rut}`,
      headers: { ...A, 'content-type': 'application/json' },
      payload: ok,
    });
    // Parsed, then refused by the schema for the unknown field x (not by the depth check).
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toBe(MSG.jsonTooDeep(MAX_JSON_DEPTH));
    const comment = await app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${rut}`,
      headers: { ...A, 'content-type': 'application/json' },
      payload: '{"detalle":"llaves { y corchetes [ en un comentario \\" ]"}',
    });
    expect(comment.statusCode, comment.body).toBe(200);
  });

  it('prototype poisoning keys are still refused', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${rut}`,
      headers: { ...A, 'content-type': 'application/json' },
      payload: '{"detalle":"x","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('large JSON bodies: long strings cut out (decision 149), the rest parsed in the worker pool (decision 147)', () => {
  const put = (payload: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${rut}`,
      headers: { ...A, 'content-type': 'application/json' },
      payload,
    });
  /** A body past the threshold: a real PDF's base64, so the valid case is a real upload. */
  const big = pdfBytes(OFF_THREAD_MIN, 'grande').toString('base64');
  const adjunto = `{"adjunto":"${big}","nombreArchivo":"grande.pdf","extension":"pdf"}`;

  it('an upload is parsed on the event loop without its base64 text and stored', async () => {
    const before = fileCheckMessages();
    const res = await put(`{"adjunto":${adjunto.replace('grande.pdf', 'señalización.pdf')}}`);
    expect(res.statusCode, res.body).toBe(200);
    // Stored under its cleaned name (accents dropped), as any upload.
    expect(res.json().message).toBe(MSG.fileUploaded('senalizacion.pdf'));
    // Only the PDF's check went to the pool: the body was parsed and the base64 decoded here.
    expect(fileCheckMessages() - before).toBe(1);
  });

  it('an attachment text is read from the bytes of its body: the same file, the same refusals, nothing kept (decision 159)', async () => {
    const bytes = pdfBytes(OFF_THREAD_MIN, 'leido');
    const text = bytes.toString('base64');
    const body = (t: string) =>
      `{"adjunto":{"adjunto":"${t}","nombreArchivo":"leido.pdf","extension":"pdf"}}`;
    const kept = keptAttachmentTexts();
    for (const t of [text, `data:application/pdf;base64,${text}`]) {
      const res = await put(body(t));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
    // Each fault, in a large body and in a small one, gets the same answer.
    const small = pdfBytes(1000, 'leido').toString('base64');
    const faults: Array<[string, (t: string) => string]> = [
      ['base64url', (t) => `${t.slice(0, 20)}-${t.slice(21)}`],
      ['length', (t) => t.slice(1)],
      ['padding inside', (t) => `${t.slice(0, 20)}====${t.slice(24)}`],
      ['not a base64 data URL', (t) => `data:application/pdf,${t}`],
      ['white space', (t) => `${t.slice(0, 20)} ${t.slice(21)}`],
    ];
    for (const [what, fault] of faults) {
      const [res, ref] = [await put(body(fault(text))), await put(body(fault(small)))];
      expect(res.statusCode, what).toBe(400);
      expect(res.json().message, what).toBe(MSG.invalidFileData('leido.pdf'));
      expect(ref.json().message, what).toBe(res.json().message);
    }
    expect(keptAttachmentTexts()).toBe(kept);

    // Over a real keep-alive connection too, and when the client goes away before the answer (a
    // route that holds its answer until told: the text is kept while it waits).
    const server = await createTestApp();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.put('/api/test/hold', { bodyLimit: 2 * OFF_THREAD_MIN }, async () => {
      await held;
      return { ok: true };
    });
    try {
      const base = await server.listen({ host: '127.0.0.1', port: 0 });
      const headers = { ...(await authHeaders(server, CONTRACTOR_A)), 'content-type': 'application/json' };
      const res = await fetch(`${base}/api/contratista/adjuntos/sg-sst/${rut}`, {
        method: 'PUT',
        headers,
        body: body(text),
      });
      expect(res.status).toBe(200);
      await res.json();
      expect(keptAttachmentTexts()).toBe(kept);
      const gone = new AbortController();
      const aborted = fetch(`${base}/api/test/hold`, {
        method: 'PUT',
        headers,
        body: body(text),
        signal: gone.signal,
      });
      await expect.poll(() => keptAttachmentTexts()).toBe(kept + 1);
      gone.abort();
      await expect(aborted).rejects.toThrow();
      await expect.poll(() => keptAttachmentTexts()).toBe(kept);
    } finally {
      release();
      await server.close();
    }
  });

  it('a large body that is not a few long ASCII strings goes to a worker, and is parsed the same', async () => {
    const accented = 'ñ'.repeat(OFF_THREAD_MIN);
    const before = fileCheckMessages();
    const res = await put(`{"detalle":"${accented}"}`);
    // Parsed (in the worker) and refused by the comment's length rule, like a small long comment.
    expect(fileCheckMessages() - before).toBe(1);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
  });

  it('malformed, poisoned or mistyped, they are refused as a small body is, on either path', async () => {
    // A long ASCII string is cut out; an accented one or one with escapes goes to the worker.
    for (const pad of [
      `"detalle":"${'x'.repeat(OFF_THREAD_MIN)}"`,
      `"detalle":"${'ñ'.repeat(OFF_THREAD_MIN / 2)}"`,
      `"detalle":"${'x\\n'.repeat(OFF_THREAD_MIN / 3)}"`,
    ])
      await refusedAsSmall(pad);
    // An unknown field is refused by the schema after parsing, as always.
    const extra = await put(`{"adjunto":${adjunto},"empresaId":2}`);
    expect(extra.statusCode).toBe(400);
  });

  async function refusedAsSmall(pad: string) {
    const small = (body: string) => put(body);
    for (const [what, body, smallBody] of [
      ['malformed', `{${pad},"adjunto":}`, '{"detalle":"x","adjunto":}'],
      ['prototype key', `{${pad},"__proto__":{"admin":true}}`, '{"detalle":"x","__proto__":{"admin":true}}'],
      [
        'constructor key',
        `{${pad},"constructor":{"prototype":{"admin":true}}}`,
        '{"detalle":"x","constructor":{"prototype":{"admin":true}}}',
      ],
      ['truncated', `{"adjunto":${adjunto.slice(0, -10)}`, '{"adjunto":{"adjunto":"JVBER'],
    ] as const) {
      const [res, ref] = [await put(body), await small(smallBody)];
      expect(res.statusCode, what).toBe(400);
      expect(ref.statusCode, what).toBe(400);
      expect(res.json().message, what).toBe(ref.json().message);
      expect(res.json().code, what).toBe(ref.json().code);
    }
  }
});

describe('HSTS', () => {
  it('is not sent over plain HTTP', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // X-Forwarded-Proto is ignored unless TRUST_PROXY is on.
    const forged = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent behind a trusted TLS proxy, and always when HSTS=true', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    const viaTls = await proxied.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaTls.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    const viaHttp = await proxied.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(viaHttp.headers['strict-transport-security']).toBeUndefined();

    const forced = await createTestApp({ hsts: 'always' });
    const res = await forced.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
  });
});
