import { useEffect, useRef, useState } from 'react';
import { InputText } from 'primereact/inputtext';

/**
 * A text box that reports its value after the user pauses typing (search and column filters: each
 * change is a server request). Enter reports at once.
 */
export function DebouncedInput({
  value,
  onChange,
  delay = 450,
  ...rest
}: {
  value: string;
  onChange: (value: string) => void;
  delay?: number;
  id?: string;
  placeholder?: string;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const [text, setText] = useState(value);
  const reported = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The address changed by other means (back button, reload): show what it says.
  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const report = (v: string) => {
    clearTimeout(timer.current);
    if (v === reported.current) return;
    reported.current = v;
    onChange(v);
  };

  return (
    <InputText
      {...rest}
      value={text}
      maxLength={200}
      onChange={(e) => {
        const v = e.target.value;
        setText(v);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => report(v.trim()), delay);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') report(text.trim());
      }}
    />
  );
}
