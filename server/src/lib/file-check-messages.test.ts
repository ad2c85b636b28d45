import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICADO_ARL, textPdf } from '../compliance/document-dates/samples';
import { adjunto, demoContracts, requisitoId } from '../test/evidencias';
import { authHeaders, CONTRACTOR_A, createTestApp } from '../test/app';
import { fileCheckMessages } from './file-check';

/**
 * Decision 115 at the routes: an uploaded PDF whose dates are read costs one message to the
 * file-check worker (its structure check answers the text layer too), both when the upload form
 * reads the dates (POST .../fechas) and when the upload is saved (PUT).
 */
let app: FastifyInstance;
let A: Record<string, string>;
let contratoid: number;
let arl: number; // sg-sst E04: pdf, its rule asks for the issue date
let cedula: number; // sg-sst E03: its rule asks for no date

beforeAll(async () => {
  app = await createTestApp();
  A = await authHeaders(app, CONTRACTOR_A);
  contratoid = (await demoContracts(app)).aPlain.id;
  [arl, cedula] = await Promise.all([requisitoId(app, 'sg-sst', 'E04'), requisitoId(app, 'sg-sst', 'E03')]);
});

const call = (method: 'PUT' | 'POST', url: string, payload: object) =>
  app.inject({ method, url: `/api/contratista/adjuntos/${url}`, headers: A, payload });

describe('one worker message per PDF upload', () => {
  it('reading the dates (POST .../fechas) and saving (PUT) each send the PDF to the worker once', async () => {
    const body = { contratoid, adjunto: adjunto(textPdf(CERTIFICADO_ARL), 'certificado.pdf') };
    let before = fileCheckMessages();
    const read = await call('POST', `sg-sst/${arl}/fechas`, body);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ fechas: { expedicion: '2026-11-03' }, pide: ['expedicion'] });
    expect(fileCheckMessages() - before).toBe(1);

    before = fileCheckMessages();
    const saved = await call('PUT', `sg-sst/${arl}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ fechas: { expedicion: '2026-11-03' } });
    expect(fileCheckMessages() - before).toBe(1);
  });

  it('a rule that asks for no date: the check alone, no text read', async () => {
    const before = fileCheckMessages();
    const res = await call('PUT', `sg-sst/${cedula}`, {
      contratoid,
      adjunto: adjunto(
        textPdf(['CÉDULA DE CIUDADANÍA', 'Fecha de expedición: 3 de noviembre de 2016']),
        'cedula.pdf',
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      fechas: { expedicion: null, vencimiento: null, proximoExamen: null },
    });
    expect(fileCheckMessages() - before).toBe(1);
  });
});
