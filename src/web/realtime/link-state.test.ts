import { describe, expect, it } from 'vitest';
import { initialLinkState, linkReducer, type LinkAction, type LinkState } from './link-state';

function run(...actions: LinkAction[]): LinkState {
  return actions.reduce(linkReducer, initialLinkState);
}

describe('the socket link state', () => {
  it('starts connecting, then remembers it was connected once', () => {
    expect(initialLinkState.status).toBe('connecting');
    const state = run({ type: 'connected' }, { type: 'disconnected' });
    expect(state).toMatchObject({ status: 'disconnected', everConnected: true });
    expect(run({ type: 'connectFailed' })).toMatchObject({ status: 'error', everConnected: false });
  });

  it('keeps a refusal until the next successful connection', () => {
    const refused = run({ type: 'refused', code: 'TOO_MANY_CONNECTIONS' });
    expect(refused).toMatchObject({ status: 'error', refusal: 'TOO_MANY_CONNECTIONS' });
    expect(linkReducer(refused, { type: 'connectFailed' }).refusal).toBe('TOO_MANY_CONNECTIONS');
    expect(linkReducer(refused, { type: 'connected' }).refusal).toBeNull();
  });

  it('returns the same state when nothing changes', () => {
    const state = run({ type: 'disconnected' });
    expect(linkReducer(state, { type: 'disconnected' })).toBe(state);
    const offline = run({ type: 'network', online: false });
    expect(offline.networkOnline).toBe(false);
    expect(linkReducer(offline, { type: 'network', online: false })).toBe(offline);
  });
});
