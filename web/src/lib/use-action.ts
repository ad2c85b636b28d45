import { useCallback, useRef, useState } from 'react';

/**
 * A one-shot async action with useMutation's shape (mutate, isPending, isSuccess) for the sign-in
 * screen, which loads without TanStack Query (decision 073, login route budget). Signed-in pages
 * use TanStack Query (decision 011).
 */
export function useAction<I, O>(
  fn: (input: I) => Promise<O>,
  handlers: { onSuccess?: (output: O) => void; onError?: (err: unknown) => void } = {},
) {
  const [state, setState] = useState<'idle' | 'pending' | 'success' | 'error'>('idle');
  const latest = useRef(handlers);
  latest.current = handlers;
  const mutate = useCallback(
    (input: I) => {
      setState('pending');
      fn(input).then(
        (output) => {
          latest.current.onSuccess?.(output);
          setState('success');
        },
        (err: unknown) => {
          latest.current.onError?.(err);
          setState('error');
        },
      );
    },
    [fn],
  );
  return { mutate, isPending: state === 'pending', isSuccess: state === 'success' };
}
