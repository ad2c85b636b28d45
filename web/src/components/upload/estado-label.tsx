import { ESTADO } from '@proveedores/domain';

const CLASS: Record<number, string> = {
  [ESTADO.PENDIENTE]: 'estado--pendiente',
  [ESTADO.RECHAZADO]: 'estado--rechazado',
  [ESTADO.CARGADO]: 'estado--cargado',
  [ESTADO.APROBADO]: 'estado--aprobado',
  [ESTADO.REEMPLAZADO]: 'estado--reemplazado',
  [ESTADO.VENCIDO]: 'estado--vencido',
};

/** The server's estado label, coloured by codEstado (section 4). */
export function EstadoLabel({ codEstado, estado }: { codEstado: number; estado: string }) {
  return (
    <span className={`estado ${CLASS[codEstado] ?? ''}`} data-testid="estado">
      {estado}
    </span>
  );
}
