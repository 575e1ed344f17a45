import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { readLocal, writeLocal } from '../../lib/local-store';
import { apiRequest } from '../../lib/api';
import { userResponseSchema } from '../../../shared/api/auth';
import { sessionStore } from '../session/session-store';

const KEY = 'majlis.showSystemMessages';
const listeners = new Set<() => void>();
let value = readLocal(KEY, z.boolean()) ?? true;

/** Whether join and leave notices show; kept locally and on the user's record. */
export function useShowSystemMessages(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => value,
  );
}

export function setShowSystemMessages(next: boolean): void {
  value = next;
  writeLocal(KEY, next);
  for (const listener of listeners) listener();
  const user = sessionStore.getState().user;
  if (user) {
    void apiRequest(`/api/users/${user.id}`, {
      method: 'PUT',
      body: { showSystemMessages: next },
      schema: userResponseSchema,
    })
      .then(({ user: updated }) => sessionStore.updateUser(updated))
      .catch(() => undefined);
  }
}

/** The server's copy wins when the user signs in on a new device. */
export function syncShowSystemMessages(serverValue: boolean): void {
  if (serverValue === value) return;
  value = serverValue;
  writeLocal(KEY, serverValue);
  for (const listener of listeners) listener();
}
