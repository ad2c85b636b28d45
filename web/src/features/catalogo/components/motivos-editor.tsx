import { useState, type KeyboardEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { MSG } from '@proveedores/domain';

/** The requirement's standard rejection reasons: add with Enter or 'Agregar', remove one by one. */
export function MotivosEditor({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string[];
  onChange: (v: string[]) => void;
  disabled: boolean;
}) {
  const [text, setText] = useState('');
  const add = () => {
    const m = text.trim();
    if (!m) return;
    if (!value.some((x) => x.toLowerCase() === m.toLowerCase())) onChange([...value, m]);
    setText('');
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  return (
    <div className="motivos-editor">
      {!disabled && (
        <div className="motivos-add">
          <InputText
            id={id}
            value={text}
            maxLength={300}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKey}
            aria-describedby={`${id}-hint`}
            data-testid="motivo-input"
          />
          <Button
            type="button"
            label={MSG.requisitoMotivoAdd}
            icon="pi pi-plus"
            outlined
            size="small"
            onClick={add}
          />
        </div>
      )}
      <ul className="motivos-list" data-testid="motivos-list">
        {value.map((m) => (
          <li key={m}>
            <span>{m}</span>
            {!disabled && (
              <button
                type="button"
                className="motivo-remove"
                aria-label={MSG.requisitoMotivoRemove(m)}
                title={MSG.requisitoMotivoRemove(m)}
                onClick={() => onChange(value.filter((x) => x !== m))}
              >
                <i className="pi pi-times" aria-hidden="true" />
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
