import { ESTADO } from '@proveedores/domain';

const CLASS: Record<number, string> = {
  [ESTADO.PENDIENTE]: 'pendiente',
  [ESTADO.RECHAZADO]: 'rechazado',
  [ESTADO.CARGADO]: 'cargado',
  [ESTADO.APROBADO]: 'aprobado',
  [ESTADO.VENCIDO]: 'vencido',
};

/** The server's status label, coloured by codEstado (contrast checked against white text). */
export function EstadoBadge({ codEstado, estado }: { codEstado: number; estado: string }) {
  return (
    <span className={`staff-estado ${CLASS[codEstado] ?? ''}`} data-testid="estado">
      {estado}
    </span>
  );
}
