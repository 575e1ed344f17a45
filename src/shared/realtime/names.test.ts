import { describe, expect, it } from 'vitest';
import { EARLIER_NAMES, followsNamingRule, SPEC_CLIENT_EVENTS, SPEC_ENVELOPE_TYPES, SPEC_SERVER_EVENTS } from './names';
import { clientEvents, envelopes, serverEvents } from './protocol';

const earlier = new Set<string>(EARLIER_NAMES);

describe('socket event names', () => {
  it('keep every name spec §7 fixes that the registry uses', () => {
    for (const name of SPEC_CLIENT_EVENTS) expect(Object.keys(clientEvents)).toContain(name);
    for (const name of SPEC_SERVER_EVENTS) expect(Object.keys(serverEvents)).toContain(name);
  });

  it('follow the naming rule unless the spec (or an earlier release) fixed them', () => {
    const offenders = [
      ...Object.keys(clientEvents)
        .filter((name) => !(SPEC_CLIENT_EVENTS as readonly string[]).includes(name) && !earlier.has(name))
        .filter((name) => !followsNamingRule(name, 'client')),
      ...Object.keys(serverEvents)
        .filter((name) => !(SPEC_SERVER_EVENTS as readonly string[]).includes(name) && !earlier.has(name))
        .filter((name) => !followsNamingRule(name, 'server')),
      ...Object.keys(envelopes)
        .filter((name) => !(SPEC_ENVELOPE_TYPES as readonly string[]).includes(name) && !earlier.has(name))
        .filter((name) => !followsNamingRule(name, 'server')),
    ];
    expect(offenders).toEqual([]);
  });

  it('the rule: camelCase of two words or more; what the server says happened, in the past', () => {
    expect(followsNamingRule('voiceJoin', 'client')).toBe(true);
    expect(followsNamingRule('reportCreated', 'server')).toBe(true);
    expect(followsNamingRule('storyViewed', 'server')).toBe(true);
    expect(followsNamingRule('stories', 'client')).toBe(false);
    expect(followsNamingRule('new_story', 'server')).toBe(false);
    expect(followsNamingRule('storyView', 'server')).toBe(false);
  });
});
