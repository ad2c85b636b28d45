import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '@proveedores/domain';
import { query } from '../../db/client';
import { authHeaders, createTestApp, CONTRACTOR_A, REVIEWER } from '../../test/app';
import { mailText, startSmtpSink } from '../../test/smtp-sink';
import { fechasParaAprobar, requisito, setMotivos, uploadSgSst } from '../../test/revision';

async function waitFor<T>(fn: () => T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The Subject header, unfolded and with RFC 2047 encoded words decoded. */
function subjectOf(raw: string): string {
  const m = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw);
  const folded = (m?.[1] ?? '').replace(/\?=\r?\n[ \t]+=\?/g, '?==?').replace(/\r?\n[ \t]+/g, ' ');
  return folded.replace(/=\?UTF-8\?([QB])\?(.*?)\?=/gi, (_all, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_h, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** A rejection e-mails the company's notifications address, through a real SMTP server. */
describe('rejection e-mail', async () => {
  const sink = await startSmtpSink();
  afterAll(() => sink.stop());
  const app = await createTestApp({ smtpUrl: sink.url, publicUrl: 'https://proveedores.example.co' });
  const A = await authHeaders(app, CONTRACTOR_A);
  const R = await authHeaders(app, REVIEWER);
  const arl = await requisito(app, 'sg-sst', 'E04');
  await setMotivos(app, arl, ['La clase de riesgo no corresponde a la actividad']);

  it('goes to the notifications e-mail with the item, the reason and a link, once', async () => {
    await app.inject({
      method: 'PUT',
      url: '/api/login/userdata',
      headers: A,
      payload: { correo_notificaciones: 'avisos@montajesdelnorte.example.co' },
    });
    const id = await uploadSgSst(app, A, arl, 'arl empresa.pdf');
    const res = await app.inject({
      method: 'POST',
      url: `/api/revision/entregas/${id}/rechazar`,
      headers: R,
      payload: {
        motivo: 'La clase de riesgo no corresponde a la actividad',
        observacion: 'Debe ser clase V para trabajo en alturas',
      },
    });
    expect(res.statusCode).toBe(200);
    const mail = await waitFor(() =>
      sink.mails.find((m) => m.to.includes('avisos@montajesdelnorte.example.co')),
    );
    const text = mailText(mail.raw);
    expect(text).toContain('Certificado de afiliación de la empresa a la ARL'); // the item, accents decoded
    expect(text).toContain(
      'La clase de riesgo no corresponde a la actividad. Debe ser clase V para trabajo en alturas',
    );
    expect(text).toContain('https://proveedores.example.co/#/sg-sst');
    expect(text).toContain('arl empresa.pdf');
    expect(subjectOf(mail.raw)).toBe(
      MSG.rejectionMailSubject('Certificado de afiliación de la empresa a la ARL'),
    );

    // A second decision is refused, so no second mail; the outbox row is marked sent.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/revision/entregas/${id}/rechazar`,
          headers: R,
          payload: { observacion: 'otra vez' },
        })
      ).statusCode,
    ).toBe(409);
    const rows = await query<{ enviado_at: Date | null }>(
      app.db,
      sql`SELECT enviado_at FROM correos_salida WHERE clave = ${`rechazo:${id}`}`,
    );
    expect(rows).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200)); // room for a (wrong) second delivery
    expect(sink.mails.filter((m) => m.to.includes('avisos@montajesdelnorte.example.co'))).toHaveLength(1);
  });

  it('an approval sends nothing', async () => {
    const before = sink.mails.length;
    const id = await uploadSgSst(app, A, arl, 'arl-2.pdf');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/revision/entregas/${id}/aprobar`,
          headers: R,
          payload: await fechasParaAprobar(app, arl),
        })
      ).statusCode,
    ).toBe(200);
    await app.mailer.deliverDue(app.db);
    expect(sink.mails.length).toBe(before);
  });
});
