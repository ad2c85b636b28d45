import '@/components/stack-table.css';
import './pila-contratista.css';
import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { MSG, type PilaPutRespuesta, PILA_STAFF_MSG, PILA_WEB_MSG } from '@proveedores/domain';
import { PilaResultado } from './pila-resultado';
import { readEvidenceFiles } from '@/components/upload/read-files';
import { errorMessage } from '@/lib/api-client';
import { pilaKeys, pilaPeriodoQueryOptions, subirPila } from '../api/contratista';

/*
 * The bodies of the contractor's PILA dialog (docs/decisions/128), with the result table
 * (PrimeReact DataTable): loaded when the dialog first opens, not with 'Gestión del Riesgo' or
 * 'Retenidos' (docs/decisions/146).
 */

const EXTENSIONES_PILA = 'txt,pdf';

/** The PUT answer as the shared result view reads it (only when the file was reconciled). */
function comoConciliacion(r: PilaPutRespuesta, ano: number, mes: number) {
  if (!r.conciliada || !r.veredicto) return null;
  return {
    veredicto: r.veredicto,
    ano,
    mes,
    esperados: r.esperados ?? 0,
    encontrados: r.encontrados ?? 0,
    faltantes: r.faltantes ?? [],
    sobrantes: r.sobrantes ?? [],
    hallazgos: r.hallazgos ?? [],
    numeroPlanilla: r.numeroPlanilla ?? null,
    fechaPago: r.fechaPago ?? null,
    fechaLimite: r.fechaLimite ?? null,
    pagados: r.pagados ?? [],
  };
}

/** 'Ver conciliación': the period's latest reconciliation (GET), in the shared result view. */
export function ConciliacionGuardada({
  contratoid,
  ano,
  mes,
}: {
  contratoid: number;
  ano: number;
  mes: number;
}) {
  const query = useQuery(pilaPeriodoQueryOptions(contratoid, ano, mes));
  if (query.isPending)
    return (
      <p className="hint" role="status">
        {PILA_STAFF_MSG.pilaStaffCargando}
      </p>
    );
  if (query.isError)
    return (
      <p className="notice" role="alert">
        {errorMessage(query.error)}
      </p>
    );
  if (!query.data) return <p className="hint">{MSG.pilaSinConciliacion}</p>;
  return <PilaResultado conciliacion={query.data} />;
}

/** The upload form: one .txt (reconciled) or .pdf (kept as the period's M01 evidence) file. */
export function SubirPlanilla({
  contratoid,
  ano,
  mes,
  onSubido,
}: {
  contratoid: number;
  ano: number;
  mes: number;
  /** What the page that opened the dialog refreshes once the file is stored (its own lists). */
  onSubido: () => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [respuesta, setRespuesta] = useState<PilaPutRespuesta | null>(null);

  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setRespuesta(null);
    if (!archivo) {
      setError(PILA_WEB_MSG.pilaWebSinArchivo);
      return;
    }
    setEnviando(true);
    try {
      const leidos = await readEvidenceFiles([archivo], EXTENSIONES_PILA);
      if (!leidos.ok) {
        setError(leidos.refusals.join(' '));
        return;
      }
      setRespuesta(await subirPila(contratoid, ano, mes, leidos.files[0].payload));
      // The page's M01 row is now 'Cargado pendiente por aprobar'; the periods and the matrix changed too.
      await Promise.all([onSubido(), queryClient.invalidateQueries({ queryKey: pilaKeys.all })]);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setEnviando(false);
    }
  };

  const conciliacion = respuesta ? comoConciliacion(respuesta, ano, mes) : null;
  return (
    <>
      <form className="pila-subir" onSubmit={(e) => void enviar(e)} data-testid="pila-subir">
        <p className="hint">{PILA_WEB_MSG.pilaWebAyuda}</p>
        <p className="pila-subir-label">{PILA_WEB_MSG.pilaWebArchivo}</p>
        <div className="pila-subir-archivo">
          <input
            id={inputId}
            type="file"
            accept=".txt,.pdf"
            className="file-input"
            onChange={(e) => setArchivo(e.target.files?.[0] ?? null)}
            data-testid="pila-archivo"
          />
          <label htmlFor={inputId} className="p-button p-button-outlined file-button">
            <i className="pi pi-paperclip" aria-hidden="true" />
            <span>{PILA_WEB_MSG.pilaWebElegir}</span>
          </label>
          <span className="pila-subir-nombre" data-testid="pila-archivo-nombre">
            {archivo ? archivo.name : PILA_WEB_MSG.pilaWebSinElegir}
          </span>
        </div>
        <div className="modal-actions">
          <Button
            type="submit"
            icon="pi pi-upload"
            label={enviando ? PILA_WEB_MSG.pilaWebSubiendo : PILA_WEB_MSG.pilaWebSubir}
            loading={enviando}
            disabled={enviando}
            data-testid="pila-enviar"
          />
        </div>
      </form>
      <div aria-live="polite">
        {error && (
          <p className="notice" role="alert" data-testid="pila-error">
            {error}
          </p>
        )}
        {respuesta && !conciliacion && (
          <p className="notice" data-testid="pila-mensaje">
            <i className="pi pi-info-circle" aria-hidden="true" /> {respuesta.message}
          </p>
        )}
        {conciliacion && respuesta?.avisosP08 && respuesta.avisosP08.length > 0 && (
          // Why the upload approved no P08, or not some worker's (docs/decisions/162).
          <ul className="notice pila-avisos-p08" data-testid="pila-avisos-p08">
            {respuesta.avisosP08.map((aviso) => (
              <li key={aviso}>{aviso}</li>
            ))}
          </ul>
        )}
        {conciliacion && <PilaResultado conciliacion={conciliacion} titulo={PILA_WEB_MSG.pilaWebNueva} />}
      </div>
    </>
  );
}
