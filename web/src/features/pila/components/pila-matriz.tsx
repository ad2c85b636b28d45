import './pila.css';
import { useState } from 'react';
import { Button } from 'primereact/button';
import { formatLapso, type PilaMatriz, PILA_STAFF_MSG } from '@proveedores/domain';
import { descargarExcel } from '@/lib/excel';

type EstadoMatriz = PilaMatriz['trabajadores'][number]['estados'][number];

/** The words of a cell: the matrix says 'Pagado', 'Faltante' or 'No requerido', never colour alone. */
export function textoEstadoPila(e: EstadoMatriz): string {
  return e === 'pagado'
    ? PILA_STAFF_MSG.pilaStaffPagado
    : e === 'faltante'
      ? PILA_STAFF_MSG.pilaStaffFaltante
      : PILA_STAFF_MSG.pilaStaffNoRequerido;
}

const ICONO: Record<EstadoMatriz, string> = {
  pagado: 'pi-check',
  faltante: 'pi-times',
  no_requerido: 'pi-minus',
};

/** Header and rows of the matrix as text: the table and the Excel show the same cells. */
export function filasMatrizPila(m: PilaMatriz): { encabezado: string[]; filas: string[][] } {
  return {
    encabezado: [
      PILA_STAFF_MSG.pilaStaffColDocumento,
      PILA_STAFF_MSG.pilaStaffColNombre,
      ...m.periodos.map((p) => formatLapso(p.ano, p.mes)),
    ],
    filas: m.trabajadores.map((t) => [
      `${t.tipodocumento} ${t.numerodocumento}`,
      t.nombre,
      ...t.estados.map(textoEstadoPila),
    ]),
  };
}

/** 'Exportar a Excel': the matrix as text cells, worker columns frozen (web/src/lib/excel.ts). */
async function exportarMatriz(m: PilaMatriz, archivo: string): Promise<void> {
  const { encabezado, filas } = filasMatrizPila(m);
  await descargarExcel(
    encabezado.map((h, i) => ({ header: h, width: i === 1 ? 36 : Math.max(14, h.length + 4) })),
    filas,
    PILA_STAFF_MSG.pilaStaffHojaMatriz,
    archivo,
    { columnasFijas: 2 },
  );
}

/**
 * The months x workers matrix of a contract's PILA (docs/decisions/128): one row per worker, one
 * column per month, each cell 'Pagado', 'Faltante' or 'No requerido' in words with an icon and a
 * colour. Scrolls sideways inside its own focusable region on a phone. Data comes as props.
 */
export function PilaMatrizTabla({
  matriz,
  archivo,
  titulo,
}: {
  matriz: PilaMatriz;
  /** The downloaded file's name. */
  archivo: string;
  /** The table's caption (also names the scroll region). */
  titulo: string;
}) {
  const [exportando, setExportando] = useState(false);
  const vacia = matriz.trabajadores.length === 0 || matriz.periodos.length === 0;
  const exportar = () => {
    setExportando(true);
    void exportarMatriz(matriz, archivo).finally(() => setExportando(false));
  };
  return (
    <div className="pila-matriz" data-testid="pila-matriz">
      <div className="pila-matriz-barra">
        <p className="hint">{PILA_STAFF_MSG.pilaStaffMatrizLeyenda}</p>
        <Button
          type="button"
          icon="pi pi-file-excel"
          label={PILA_STAFF_MSG.pilaStaffExportar}
          outlined
          size="small"
          loading={exportando}
          disabled={vacia}
          onClick={exportar}
          data-testid="pila-matriz-excel"
        />
      </div>
      {vacia ? (
        <p className="hint">{PILA_STAFF_MSG.pilaStaffMatrizVacia}</p>
      ) : (
        <div className="pila-matriz-scroll" tabIndex={0} role="region" aria-label={titulo}>
          <table className="pila-matriz-tabla">
            <caption className="pila-sr-only">{titulo}</caption>
            <thead>
              <tr>
                <th scope="col">{PILA_STAFF_MSG.pilaStaffColTrabajador}</th>
                {matriz.periodos.map((p) => (
                  <th scope="col" key={`${p.ano}-${p.mes}`}>
                    {formatLapso(p.ano, p.mes)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {matriz.trabajadores.map((t) => (
                <tr key={`${t.tipodocumento}:${t.numerodocumento}`}>
                  <th scope="row">
                    <span className="pila-matriz-nombre">{t.nombre}</span>
                    <span className="pila-matriz-doc">
                      {t.tipodocumento} {t.numerodocumento}
                    </span>
                  </th>
                  {t.estados.map((e, i) => (
                    <td key={i} className={`pila-celda pila-celda--${e}`} data-estado={e}>
                      <i className={`pi ${ICONO[e]}`} aria-hidden="true" />
                      {textoEstadoPila(e)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
