import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { query } from '../../server/src/db/client';
import { fechasDeDocumento, hoyDe, reglaDe, type FechasDocumento } from '../../server/src/test/revision';

export {
  fechasDeDocumento,
  finSegunRegla,
  hoyDe,
  reglaDe,
  type FechasDocumento,
} from '../../server/src/test/revision';

/**
 * The document dates a reviewer confirms when approving entrega `idEntrega` through the API
 * (decision 113): realistic ones for its requirement's validity rule (issued a few days before the
 * server's today, a stated end or next exam months ahead; `fechasDeDocumento` for the options), none
 * when the rule reads no date. Put them in the approve body.
 */
export async function fechasParaEntrega(
  app: FastifyInstance,
  idEntrega: number,
  opts: { expedidoHace?: number; venceEn?: number } = {},
): Promise<FechasDocumento> {
  const [e] = await query<{ requisito_id: number }>(
    app.db,
    sql`SELECT requisito_id FROM entregas WHERE id = ${idEntrega}`,
  );
  if (!e) throw new Error(`no entrega ${idEntrega}`);
  return fechasDeDocumento(await reglaDe(app, e.requisito_id), hoyDe(app), opts);
}
