import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { query, type Db } from '../db/client';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  clave?: string;
  /**
   * 'kind:ref' of a secret made at delivery and written where the text says SECRET_PLACEHOLDER; the
   * outbox row never holds it (docs/decisions/077). The kind needs an issuer (registerSecret).
   */
  secret?: string;
};

export const SECRET_PLACEHOLDER = '{{secreto}}';

/**
 * Makes the secret of one delivery attempt inside the claiming transaction. keep() runs in it after
 * the mail was accepted (e.g. stores the hash), so a failed attempt leaves nothing behind and the
 * retry makes a new secret. null: nothing to send any more (the row is closed unsent).
 */
export type SecretIssuer = (
  tx: Db,
  ref: string,
) => Promise<{ value: string; keep: () => Promise<void> } | null>;

/**
 * Mail goes through the correos_salida table: queue in the caller's transaction, deliver right
 * after, retry with back-off when SMTP is down. Without SMTP_URL, messages are written as .eml
 * files into DATA_DIR/outbox (and a log line says where), so a newcomer can read them.
 */
export class Mailer {
  private transport: Transporter;
  private readonly outboxDir: string;
  private readonly issuers = new Map<string, SecretIssuer>();

  constructor(
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {
    this.outboxDir = path.join(config.dataDir, 'outbox');
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** The issuer of one kind of secret (e.g. 'clave-temporal'), registered by the module that owns it. */
  registerSecret(kind: string, issuer: SecretIssuer): void {
    this.issuers.set(kind, issuer);
  }

  /** Queues a mail (idempotent on clave). Returns false when that clave was already queued. */
  async queue(db: Db, mail: OutgoingMail): Promise<boolean> {
    const rows = await query<{ id: number }>(
      db,
      sql`INSERT INTO correos_salida (para, asunto, texto, html, clave, secreto)
          VALUES (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${mail.clave ?? null},
                  ${mail.secret ?? null})
          ON CONFLICT (clave) DO NOTHING RETURNING id`,
    );
    return rows.length > 0;
  }

  private async issueSecret(tx: Db, secret: string) {
    const at = secret.indexOf(':');
    const issuer = this.issuers.get(at < 0 ? secret : secret.slice(0, at));
    if (!issuer) throw new Error('no issuer for this kind of secret');
    return issuer(tx, secret.slice(at + 1));
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
          secreto: string | null;
        }>(
          tx,
          sql`SELECT id, para, asunto, texto, html, intentos, secreto FROM correos_salida
               WHERE enviado_at IS NULL AND proximo_intento <= now()
               ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        );
        if (!row) return null;
        try {
          const secret = row.secreto ? await this.issueSecret(tx, row.secreto) : undefined;
          if (secret === null) {
            await query(
              tx,
              sql`UPDATE correos_salida SET enviado_at = now(), ultimo_error = 'no enviado: el secreto ya no aplica'
                   WHERE id = ${row.id}`,
            );
            return 'skipped' as const;
          }
          const fill = (t: string) => (secret ? t.replaceAll(SECRET_PLACEHOLDER, secret.value) : t);
          await this.send(
            {
              to: row.para,
              subject: row.asunto,
              text: fill(row.texto),
              html: row.html ? fill(row.html) : undefined,
            },
            row.id,
          );
          await secret?.keep();
          await query(
            tx,
            sql`UPDATE correos_salida SET enviado_at = now(), intentos = intentos + 1 WHERE id = ${row.id}`,
          );
          return 'sent' as const;
        } catch (err) {
          const wait = Math.min(3600, 30 * 2 ** row.intentos);
          await query(
            tx,
            sql`UPDATE correos_salida SET intentos = intentos + 1, ultimo_error = ${String((err as Error).message).slice(0, 500)},
                 proximo_intento = now() + make_interval(secs => ${wait}) WHERE id = ${row.id}`,
          );
          // SMTP refusals quote the recipient ('550 <x@y>: Recipient address rejected'): never logged.
          this.log.warn(
            {
              mailId: row.id,
              err: String((err as Error).message).replace(/[^\s<>@]+@[^\s<>@]+/g, '[correo]'),
            },
            'mail delivery failed; will retry',
          );
          return 'failed' as const;
        }
      });
      if (delivered === null) break;
      if (delivered === 'sent') sent++;
      else if (delivered === 'failed') break; // SMTP is down: stop this round, retry later
    }
    return sent;
  }

  private async send(mail: OutgoingMail, id: number): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
    if (!this.config.smtpUrl) {
      await mkdir(this.outboxDir, { recursive: true });
      const file = path.join(this.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      // Written whole, then renamed: a reader of the outbox never sees half a message.
      await writeFile(`${file}.part`, (info as unknown as { message: Buffer }).message);
      await rename(`${file}.part`, file);
      // The recipient is personal data: the log names the file only.
      this.log.info({ file }, 'mail written to outbox (no SMTP_URL set)');
    }
  }
}
