import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { hoyEnColombia, formatDia, sumarDias, type ReglaVigencia } from '@proveedores/domain';
import { query } from '../db/client';
import { manualClock } from '../lib/clock';
import {
  empresaId,
  fechasDeDocumento,
  finSegunRegla,
  reglaDe,
  requisito,
  uploadSgSst,
  type FechasDocumento,
} from '../test/revision';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../test/app';
import { mailText, startSmtpSink } from '../test/smtp-sink';
import { runDailyDigest } from './reminders';

/** A time of day in Bogotá (UTC-5, no daylight saving) of a YYYY-MM-DD date. */
const bogota = (fecha: string, hour = 12) =>
  new Date(Date.parse(`${fecha}T00:00:00Z`) + (hour + 5) * 3_600_000);

async function settle(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('daily reminder digest', async () => {
  const sink = await startSmtpSink();
  afterAll(() => sink.stop());
  const today = hoyEnColombia(new Date());
  const clock = manualClock(bogota(today));
  const app = await createTestApp({ clock, smtpUrl: sink.url, publicUrl: 'https://proveedores.example.co' });
  const [A, B, R] = [
    await authHeaders(app, CONTRACTOR_A),
    await authHeaders(app, CONTRACTOR_B),
    await authHeaders(app, REVIEWER),
  ];
  const [a, b] = [await empresaId(app, '900123456'), await empresaId(app, '800987654')];
  const run = () => runDailyDigest({ db: app.db, mailer: app.mailer, config: app.config, now: clock.now() });
  const digestKeys = async () =>
    (
      await query<{ clave: string }>(
        app.db,
        sql`SELECT clave FROM correos_salida WHERE clave LIKE 'digest:%' ORDER BY id`,
      )
    ).map((r) => r.clave);
  const decide = async (id: number, action: 'aprobar' | 'rechazar', payload: object = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/revision/entregas/${id}/${action}`,
      headers: R,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { vigenciaHasta: string | null };
  };
  /** Approves with the document dates the rule reads; the end is the rule's (decision 113). */
  const approve = async (id: number, regla: ReglaVigencia, fechas: FechasDocumento) => {
    const fin = finSegunRegla(regla, fechas);
    expect(fin).not.toBeNull();
    expect((await decide(id, 'aprobar', fechas)).vigenciaHasta).toBe(fin);
    return fin!;
  };
  const sgSst = async (codigo: string) => {
    const id = await requisito(app, 'sg-sst', codigo);
    const regla = await reglaDe(app, id);
    if (!regla) throw new Error(`${codigo} has no validity rule`);
    return { id, regla };
  };
  /** Issued so that a "days from issue" rule ends `dias` days after today. */
  const expedidoParaVencerEn = (regla: ReglaVigencia, dias: number): FechasDocumento => {
    if (regla.tipo !== 'dias_desde_expedicion') throw new Error(`rule ${regla.tipo}`);
    return { fechaExpedicion: sumarDias(today, dias - regla.dias) };
  };
  const digestsTo = (to: string) =>
    sink.mails.filter((m) => m.to.includes(to) && mailText(m.raw).includes('resumen del'));

  // The validity end comes from the document dates by the requirement's rule (decisions 105, 113).
  // A: E02 (cámara, days from issue) ends in 30 days, E04 rejected. B: E01 (RUT, days from issue)
  // ends today + 7, E07 (designación: until the end date its licence states) ends today.
  await app.inject({
    method: 'PUT',
    url: '/api/login/userdata',
    headers: B,
    payload: { correo_notificaciones: 'alertas@redesandinas.example.co' },
  });
  const [camara, rut, designacion] = [await sgSst('E02'), await sgSst('E01'), await sgSst('E07')];
  const finCamara = await approve(
    await uploadSgSst(app, A, camara.id, 'camara.pdf'),
    camara.regla,
    expedidoParaVencerEn(camara.regla, 30),
  );
  await decide(await uploadSgSst(app, A, await requisito(app, 'sg-sst', 'E04'), 'arl.pdf'), 'rechazar', {
    observacion: 'Certificado vencido',
  });
  const finRut = await approve(
    await uploadSgSst(app, B, rut.id, 'rut.pdf'),
    rut.regla,
    expedidoParaVencerEn(rut.regla, 7),
  );
  const finDesignacion = await approve(
    await uploadSgSst(app, B, designacion.id, 'designacion.pdf'),
    designacion.regla,
    fechasDeDocumento(designacion.regla, today, { venceEn: 0 }),
  );
  // The reminder marks this file checks (30, 7 and 0 days left).
  expect([finCamara, finRut, finDesignacion]).toEqual([sumarDias(today, 30), sumarDias(today, 7), today]);

  it('does nothing before DIGEST_HOUR in Colombia', async () => {
    clock.set(bogota(today, 5));
    expect(await run()).toMatchObject({ ran: false, queued: 0 });
    expect(await digestKeys()).toEqual([]);
  });

  it("queues one digest per company with today's items, delivered to the notifications e-mail", async () => {
    clock.set(bogota(today, 6));
    const r = await run();
    expect(r).toMatchObject({ fecha: today, ran: true, empresas: 2, queued: 2 });
    expect((await digestKeys()).sort()).toEqual([`digest:${a}:${today}`, `digest:${b}:${today}`].sort());
    await settle(
      () =>
        digestsTo('alertas@redesandinas.example.co').length === 1 &&
        digestsTo('sst@montajesdelnorte.example.co').length === 1,
    );
    const textB = mailText(digestsTo('alertas@redesandinas.example.co')[0].raw);
    expect(textB).toContain('Vencen hoy (1)');
    expect(textB).toContain('Vencen en 7 d');
    expect(textB).toContain('RUT');
    // People read 'dd/mm/aaaa' (decision 092), never the ISO day.
    expect(textB).toContain(`vigente hasta ${formatDia(finRut)}`);
    expect(textB).toContain(`resumen del ${formatDia(today)} de`);
    expect(textB).not.toContain(today);
    expect(textB).toContain('https://proveedores.example.co/#/sg-sst');
    const textA = mailText(digestsTo('sst@montajesdelnorte.example.co')[0].raw);
    expect(textA).toContain('Vencen en 30 d');
    expect(textA).toContain('Rechazados pendientes de corregir (1)');
    expect(textA).toContain('Certificado vencido');
    // The subject names the day as people read it (encoded-word or plain, the digits are in the header).
    const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(
      digestsTo('alertas@redesandinas.example.co')[0].raw,
    );
    expect(subject?.[1]).toContain(formatDia(today));
  });

  it('never sends the same reminder twice: re-runs, later hours and concurrent runs queue nothing', async () => {
    expect(await run()).toMatchObject({ ran: true, queued: 0 });
    clock.set(bogota(today, 23));
    const [x, y] = await Promise.all([run(), run()]);
    expect(x.queued + y.queued).toBe(0);
    expect(await digestKeys()).toHaveLength(2);
    await app.mailer.deliverDue(app.db);
    expect(digestsTo('alertas@redesandinas.example.co')).toHaveLength(1);
    expect(digestsTo('sst@montajesdelnorte.example.co')).toHaveLength(1);
  });

  it('after 3 days of downtime sends only the digest of the day it comes back, never the missed ones', async () => {
    const back = sumarDias(today, 3);
    clock.set(bogota(back, 9));
    const r = await run();
    expect(r.fecha).toBe(back);
    // A still has its rejected item; B's items are no longer at 30, 7 or 0 days (and one expired).
    expect(r).toMatchObject({ ran: true, empresas: 1, queued: 1 });
    const keys = await digestKeys();
    expect(keys).toContain(`digest:${a}:${back}`);
    for (const missed of [sumarDias(today, 1), sumarDias(today, 2)])
      expect(keys.filter((k) => k.endsWith(missed))).toEqual([]);
    expect(keys).toHaveLength(3);
    await settle(() => digestsTo('sst@montajesdelnorte.example.co').length === 2);
    const text = mailText(digestsTo('sst@montajesdelnorte.example.co')[1].raw);
    expect(text).toContain('Rechazados pendientes de corregir (1)');
    expect(text).not.toContain('Vencen en 30');
  });

  it('reminds again when an item reaches the 7-day mark, and stops when the rejected item is uploaded again', async () => {
    const day = sumarDias(finCamara, -7); // A's cámara certificate now has 7 days left
    clock.set(bogota(day, 7));
    await uploadSgSst(app, A, await requisito(app, 'sg-sst', 'E04'), 'arl-corregido.pdf');
    expect(await run()).toMatchObject({ ran: true, empresas: 1, queued: 1 });
    await settle(() => digestsTo('sst@montajesdelnorte.example.co').length === 3);
    const text = mailText(digestsTo('sst@montajesdelnorte.example.co')[2].raw);
    expect(text).toContain('Vencen en 7 d');
    expect(text).not.toContain('Rechazados');
    // Nothing at all to report: no mail.
    clock.set(bogota(sumarDias(day, 1), 7));
    expect(await run()).toMatchObject({ ran: true, empresas: 0, queued: 0 });
  });
});
