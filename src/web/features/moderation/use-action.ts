import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorToastText } from '../../lib/api';
import { showSuccess } from '../../lib/toast';

/**
 * Runs one moderation call from a form: busy while it runs, the server's Arabic refusal kept for
 * the form to show, a success toast and `onDone` when it worked. The panel's lists (sanctions,
 * log, online) are read again, so they never show the state before the action.
 */
export function useAction(onDone: () => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(call: () => Promise<unknown>, success: string): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await call();
      void queryClient.invalidateQueries({ queryKey: ['moderation'] });
      showSuccess(success);
      onDone();
    } catch (failure) {
      setError(errorToastText(failure));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}
