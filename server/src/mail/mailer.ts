import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { query, type Db } from '../db/client';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string; clave?: string };

/**
 * Mail goes through the correos_salida table: queue in the caller's transaction, deliver right
 * after, retry with back-off when SMTP is down. Without SMTP_URL, messages are written as .eml
 * files into DATA_DIR/outbox (and a log line says where), so a newcomer can read them.
 */
export class Mailer {
  private transport: Transporter;
  private readonly outboxDir: string;

  constructor(
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {
    this.outboxDir = path.join(config.dataDir, 'outbox');
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Queues a mail (idempotent on clave). Returns false when that clave was already queued. */
  async queue(db: Db, mail: OutgoingMail): Promise<boolean> {
    const rows = await query<{ id: number }>(
      db,
      sql`INSERT INTO correos_salida (para, asunto, texto, html, clave)
          VALUES (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${mail.clave ?? null})
          ON CONFLICT (clave) DO NOTHING RETURNING id`,
    );
    return rows.length > 0;
  }

  /**
   * Sends what is due. Rows are claimed with SKIP LOCKED so several processes never send one twice.
   * Returns how many were delivered.
   */
  async deliverDue(db: Db, limit = 20): Promise<number> {
    let sent = 0;
    for (let i = 0; i < limit; i++) {
      const delivered = await db.transaction(async (tx) => {
        const [row] = await query<{
          id: number;
          para: string;
          asunto: string;
          texto: string;
          html: string | null;
          intentos: number;
        }>(
          tx,
          sql`SELECT id, para, asunto, texto, html, intentos FROM correos_salida
               WHERE enviado_at IS NULL AND proximo_intento <= now()
               ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        );
        if (!row) return null;
        try {
          await this.send(
            { to: row.para, subject: row.asunto, text: row.texto, html: row.html ?? undefined },
            row.id,
          );
          await query(
            tx,
            sql`UPDATE correos_salida SET enviado_at = now(), intentos = intentos + 1 WHERE id = ${row.id}`,
          );
          return true;
        } catch (err) {
          const wait = Math.min(3600, 30 * 2 ** row.intentos);
          await query(
            tx,
            sql`UPDATE correos_salida SET intentos = intentos + 1, ultimo_error = ${String((err as Error).message).slice(0, 500)},
                 proximo_intento = now() + make_interval(secs => ${wait}) WHERE id = ${row.id}`,
          );
          this.log.warn({ mailId: row.id, err: (err as Error).message }, 'mail delivery failed; will retry');
          return false;
        }
      });
      if (delivered === null) break;
      if (delivered) sent++;
      else break; // SMTP is down: stop this round, retry later
    }
    return sent;
  }

  private async send(mail: OutgoingMail, id: number): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
    if (!this.config.smtpUrl) {
      await mkdir(this.outboxDir, { recursive: true });
      const file = path.join(this.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      this.log.info({ file, to: mail.to, subject: mail.subject }, 'mail written to outbox (no SMTP_URL set)');
    }
  }
}
