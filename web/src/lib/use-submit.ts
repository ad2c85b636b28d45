import { useCallback, useState } from 'react';
import { alerts } from './alerts';
import { errorMessage } from './api-client';
import { showToast } from './toast';

export type SubmitOptions = {
  /** A success toast once the action has resolved. */
  ok?: string;
  /** What a failure shows instead of the error alert with the server's message (e.g. a field's error). */
  onError?: (err: unknown) => void;
};

/**
 * THE busy/try/toast/catch of a button or form that calls the server: `busy` is true while its
 * action runs (to disable the button and show its spinner), a failure shows the server's message in
 * the error alert (or `onError`), success may toast. `run` resolves true when the action succeeded,
 * so the caller goes on only after a success.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<unknown>, opts: SubmitOptions = {}) => {
    setBusy(true);
    try {
      await action();
      if (opts.ok) showToast({ severity: 'success', summary: opts.ok });
      return true;
    } catch (err) {
      if (opts.onError) opts.onError(err);
      else void alerts.errorWithDetail(errorMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
