import { isSelfUser } from '../../../shared/entities/user';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import * as z from 'zod/mini';
import { usersEndpoints } from '../../../shared/api/users';
import { callApi } from '../../lib/api';
import { readLocal, writeLocal } from '../../lib/local-store';
import { sessionStore } from '../session/session-store';

const KEY = 'majlis.showSystemMessages';
const setting = createStore<{ show: boolean }>()(() => ({ show: readLocal(KEY, z.boolean()) ?? true }));

function remember(show: boolean): void {
  setting.setState({ show });
  writeLocal(KEY, show);
}

/** Whether join and leave notices show; kept locally and on the user's record. */
export function useShowSystemMessages(): boolean {
  return useStore(setting, (s) => s.show);
}

export function setShowSystemMessages(next: boolean): void {
  remember(next);
  const user = sessionStore.getState().user;
  if (user) {
    void callApi(usersEndpoints.update, { params: { id: user.id }, body: { showSystemMessages: next } })
      .then(({ user: updated }) => {
        if (isSelfUser(updated)) sessionStore.updateUser(updated);
      })
      .catch(() => undefined);
  }
}

/** The server's copy wins when the user signs in on a new device. */
export function syncShowSystemMessages(serverValue: boolean): void {
  if (serverValue !== setting.getState().show) remember(serverValue);
}
