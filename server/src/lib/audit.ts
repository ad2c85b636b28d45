import type { Db } from '../db/client';
import { auditoria } from '../db/schema';

/** Audit events are a typed union; write them inside the transaction of the change they record. */
export type AuditEvent =
  | { evento: 'login'; datos: { variante: string } }
  | { evento: 'logout'; datos: Record<string, never> }
  | { evento: 'password.changed'; datos: Record<string, never> }
  | { evento: 'password.recovery_sent'; datos: Record<string, never> }
  | { evento: 'userdata.updated'; datos: { campo: string } }
  | { evento: 'contrato.created'; datos: { contratoId: number } }
  | {
      evento: 'entrega.created';
      /** trabajadores: how many workers one upload covered (docs/decisions/139). */
      datos: { entregaId: number; requisitoId: number; modulo: string; trabajadores?: number };
    }
  | { evento: 'anexo.created'; datos: { anexoId: number; entregaId: number } }
  | {
      evento: 'entrega.reviewed';
      datos: { entregaId: number; estado: number; motivo?: string; vigenciaHasta?: string | null };
    }
  | { evento: 'empleado.saved'; datos: { empleadoId: number; creado: boolean; contratoId?: number } }
  | { evento: 'empleado.linked'; datos: { empleadoId: number; contratoId: number } }
  | { evento: 'empleado.retirado'; datos: { empleadoId: number; contratoId: number; fecha: string } }
  | {
      evento: 'empleados.importados';
      datos: {
        contratoId: number;
        creados: number;
        actualizados: number;
        sinCambios: number;
        rechazados: number;
      };
    }
  | {
      evento: 'salario_minimo.saved';
      /** anterior: what an edit replaced (docs/decisions/132). */
      datos: { ano: number; valor: number; creado: boolean; anterior?: { valor: number; norma: string } };
    }
  | {
      evento: 'autorizacion.otorgada';
      datos: { autorizacionId: number; empleadoId: number; contratoId: number; hasta: string };
    }
  | { evento: 'autorizacion.revocada'; datos: { autorizacionId: number } }
  | { evento: 'reporte.exported'; datos: { reporte: string; filas: number } }
  | { evento: 'requisito.saved'; datos: { requisitoId: number; creado: boolean; campos?: string[] } }
  | { evento: 'requisito.activo'; datos: { requisitoId: number; activo: boolean } }
  | { evento: 'maestra.saved'; datos: { tabla: string; id: number; creado: boolean } }
  | { evento: 'maestra.activo'; datos: { tabla: string; id: number; activo: boolean } }
  | { evento: 'credencial.impresa'; datos: { contratoId: number; carnets: number; nuevas: number } }
  | {
      evento: 'credencial.revocada';
      datos: { credencialId: number; contratoId: number; empleadoId: number; motivo: string };
    }
  | { evento: 'empresa.saved'; datos: { empresaId: number; creado: boolean; campos?: string[] } }
  | { evento: 'empresa.activa'; datos: { empresaId: number; activa: boolean } }
  | { evento: 'usuario.directorio'; datos: { rol: string; creado: boolean } }
  | { evento: 'usuario.local'; datos: { rol: string; creado: boolean } }
  | { evento: 'usuario_empresa.invitado'; datos: { usuarioId: number; rol: string } }
  | {
      evento: 'usuario_empresa.activo';
      datos: { usuarioId: number; activo: boolean; sesionesCerradas: number };
    }
  | { evento: 'usuario_empresa.clave_reenviada'; datos: { usuarioId: number } }
  /** The company's self-evaluation signers were registered (docs/decisions/163): no names or documents. */
  | { evento: 'empresa.firmantes'; datos: { empresaId: number } }
  | { evento: 'porteria.proyectos'; datos: { usuarioId: number; proyectos: number[] } }
  | {
      evento: 'pila.conciliada';
      datos: {
        entregaId: number;
        contratoId: number;
        ano: number;
        mes: number;
        veredicto: string;
        p08: number;
      };
    }
  /** A rejected planilla's P08 approvals withdrawn (docs/decisions/179): the submissions' ids only. */
  | { evento: 'pila.p08_retirados'; datos: { entregaId: number; entregas: number[] } }
  | {
      evento: 'autoevaluacion.guardada';
      datos: { autoevaluacionId: number; ano: number; version: number; puntaje: number };
    }
  | {
      evento: 'autoevaluacion.firmada';
      datos: { autoevaluacionId: number; ano: number; version: number; puntaje: number; entregaId: number };
    };

export type AuditActor = { usuarioId?: number | null; empresaId?: number | null; ip?: string | null };

export async function audit(db: Db, actor: AuditActor, event: AuditEvent): Promise<void> {
  await db.insert(auditoria).values({
    evento: event.evento,
    datos: event.datos,
    usuarioId: actor.usuarioId ?? null,
    empresaId: actor.empresaId ?? null,
    ip: actor.ip ?? null,
  });
}
