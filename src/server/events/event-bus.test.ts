import { describe, expect, it } from 'vitest';
import { createEventBus } from './event-bus';

interface Events {
  said: { text: string };
  left: { id: number };
}

describe('the event bus', () => {
  it('delivers to every subscriber in order, keeps going past a failing one, and unsubscribes', () => {
    const failures: string[] = [];
    const bus = createEventBus<Events>((_error, name) => failures.push(name));
    const heard: string[] = [];
    const off = bus.subscribe('said', ({ text }) => heard.push(`a:${text}`));
    bus.subscribe('said', () => {
      throw new Error('boom');
    });
    bus.subscribe('said', ({ text }) => heard.push(`c:${text}`));
    bus.subscribe('left', ({ id }) => heard.push(`left:${id}`));

    bus.publish('said', { text: 'hi' });
    expect(heard).toEqual(['a:hi', 'c:hi']);
    expect(failures).toEqual(['said']);

    off();
    bus.publish('said', { text: 'again' });
    bus.publish('left', { id: 3 });
    expect(heard).toEqual(['a:hi', 'c:hi', 'c:again', 'left:3']);
  });
});
