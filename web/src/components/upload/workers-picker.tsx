import { useId, useMemo, useState } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { CARGA_MULTIPLE_MSG } from '@proveedores/domain';
import { toTitleCase } from '@/lib/text';
import type { CoveredWorker } from './evidence-target';
import './workers-picker.css';

type Props = {
  workers: CoveredWorker[];
  /** The worker of the row: always covered (the slot the upload is for). */
  fixed: string;
  value: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
};

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * 'Trabajadores que cubre este documento' (docs/decisions/139): a checkbox list with a filter and
 * 'Seleccionar todos' (of the workers the filter shows), the row's worker ticked and fixed. A plain
 * list rather than an overlay so it scrolls inside the upload dialog on a phone.
 */
export function WorkersPicker({ workers, fixed, value, onChange }: Props) {
  const id = useId();
  const [filtro, setFiltro] = useState('');
  const shown = useMemo(() => {
    const f = fold(filtro.trim());
    return f
      ? workers.filter((w) => fold(`${w.nombre} ${w.tipodocumento} ${w.numerodocumento}`).includes(f))
      : workers;
  }, [workers, filtro]);
  const allShown = shown.length > 0 && shown.every((w) => value.has(w.key));
  const toggleAll = (on: boolean) => {
    const next = new Set(value);
    for (const w of shown)
      if (on) next.add(w.key);
      else if (w.key !== fixed) next.delete(w.key);
    onChange(next);
  };
  const toggle = (key: string, on: boolean) => {
    const next = new Set(value);
    if (on) next.add(key);
    else if (key !== fixed) next.delete(key);
    onChange(next);
  };

  return (
    <fieldset className="workers-picker" data-testid="workers-picker" aria-describedby={`${id}-hint`}>
      <legend>{CARGA_MULTIPLE_MSG.cargaMultiplePickerLabel}</legend>
      <p id={`${id}-hint`} className="hint">
        {CARGA_MULTIPLE_MSG.cargaMultiplePickerHint}
      </p>
      <div className="workers-picker-bar">
        <InputText
          value={filtro}
          onChange={(e) => setFiltro(e.target.value)}
          placeholder={CARGA_MULTIPLE_MSG.cargaMultipleFiltro}
          aria-label={CARGA_MULTIPLE_MSG.cargaMultipleFiltro}
          className="workers-picker-filter"
          data-testid="workers-filter"
        />
        <span className="workers-picker-all">
          <Checkbox
            inputId={`${id}-all`}
            checked={allShown}
            onChange={(e) => toggleAll(!!e.checked)}
            data-testid="workers-all"
          />
          <label htmlFor={`${id}-all`}>{CARGA_MULTIPLE_MSG.cargaMultipleSeleccionarTodos}</label>
        </span>
      </div>
      <ul className="workers-picker-list">
        {shown.map((w, i) => (
          <li key={w.key}>
            <Checkbox
              inputId={`${id}-w${i}`}
              checked={value.has(w.key)}
              disabled={w.key === fixed}
              onChange={(e) => toggle(w.key, !!e.checked)}
              data-testid={`worker-${w.numerodocumento}`}
            />
            <label htmlFor={`${id}-w${i}`}>
              <span className="workers-picker-name">{toTitleCase(w.nombre)}</span>
              <span className="workers-picker-doc">
                {w.tipodocumento} {w.numerodocumento}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <p className="workers-picker-count" role="status" data-testid="workers-count">
        {CARGA_MULTIPLE_MSG.cargaMultipleSeleccionados(value.size)}
      </p>
    </fieldset>
  );
}
