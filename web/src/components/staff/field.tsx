import type { ReactNode } from 'react';

/** A labelled form field with its hint and inline error (decision 012). */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  className = '',
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`field ${className}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
      {error && (
        <small className="field-error" role="alert" data-testid={`${id}-error`}>
          {error}
        </small>
      )}
    </div>
  );
}
