import { isSelfUser } from '../../../shared/entities/user';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import * as z from 'zod/mini';
import { usersEndpoints } from '../../../shared/api/users';
import { callApi } from '../../lib/api';
import { readLocal, writeLocal } from '../../lib/local-store';
import { sessionStore } from '../session/session-store';

const KEY = 'majlis.sounds';
const setting = createStore<{ on: boolean }>()(() => ({ on: readLocal(KEY, z.boolean()) ?? true }));

function remember(on: boolean): void {
  setting.setState({ on });
  writeLocal(KEY, on);
}

/** Whether the chat may play sounds (`globalSoundEnabled`); kept locally and on the user's record. */
export function useSoundsOn(): boolean {
  return useStore(setting, (s) => s.on);
}

export function soundsOn(): boolean {
  return setting.getState().on;
}

export function setSoundsOn(on: boolean): void {
  remember(on);
  const user = sessionStore.getState().user;
  if (user) {
    void callApi(usersEndpoints.update, { params: { id: user.id }, body: { globalSoundEnabled: on } })
      .then(({ user: updated }) => {
        if (isSelfUser(updated)) sessionStore.updateUser(updated);
      })
      .catch(() => undefined);
  }
}

/** The server's copy wins when the user signs in on a new device. */
export function syncSoundsOn(serverValue: boolean): void {
  if (serverValue !== setting.getState().on) remember(serverValue);
}
