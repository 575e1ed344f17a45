import type { ConnectRefusal } from '../../shared/realtime/protocol';

/** Spec §4 "Connection" states of the socket link ('connecting' until the first answer). */
export type LinkStatus = 'connecting' | 'connected' | 'disconnected' | 'error';

/** Refusals the page shows a banner for (the others end the session or show a sanction instead). */
export type LinkRefusal = Extract<ConnectRefusal['code'], 'CLIENT_OUTDATED' | 'TOO_MANY_CONNECTIONS'>;

export interface LinkState {
  status: LinkStatus;
  /** False until the first successful connection. */
  everConnected: boolean;
  /**
   * The browser says the device has a network (`navigator.onLine`): when it has none, the banner
   * blames the network rather than the server.
   */
  networkOnline: boolean;
  /** Why the server refused the last connection attempt, while it matters to the reader. */
  refusal: LinkRefusal | null;
}

export type LinkAction =
  | { type: 'connected' }
  | { type: 'disconnected' }
  | { type: 'connectFailed' }
  | { type: 'network'; online: boolean }
  | { type: 'refused'; code: LinkRefusal };

export const initialLinkState: LinkState = {
  status: 'connecting',
  everConnected: false,
  networkOnline: true,
  refusal: null,
};

/** Pure; returns the same object when nothing changed (the store then notifies no one). */
export function linkReducer(state: LinkState, action: LinkAction): LinkState {
  switch (action.type) {
    case 'connected':
      return { ...state, status: 'connected', everConnected: true, refusal: null };
    case 'disconnected':
      return state.status === 'disconnected' ? state : { ...state, status: 'disconnected' };
    case 'connectFailed':
      return state.status === 'error' ? state : { ...state, status: 'error' };
    case 'refused':
      return { ...state, status: 'error', refusal: action.code };
    case 'network':
      return state.networkOnline === action.online ? state : { ...state, networkOnline: action.online };
  }
}
