import { describe, expect, it } from 'vitest';
import { ignoreAnimationIterationListeners } from './quiet-animation-events';

describe("React's containers and animation iterations", () => {
  it('skip animationiteration listeners and keep every other one', () => {
    const container = new EventTarget();
    ignoreAnimationIterationListeners(container);
    const heard: string[] = [];
    container.addEventListener('animationiteration', () => heard.push('iteration'));
    container.addEventListener('animationend', () => heard.push('end'));
    container.addEventListener('click', () => heard.push('click'), { once: true });
    for (const type of ['animationiteration', 'animationend', 'click', 'click'])
      container.dispatchEvent(new Event(type));
    expect(heard).toEqual(['end', 'click']);
  });

  it('leave other targets alone', () => {
    ignoreAnimationIterationListeners(new EventTarget());
    const other = new EventTarget();
    let heard = 0;
    other.addEventListener('animationiteration', () => heard++);
    other.dispatchEvent(new Event('animationiteration'));
    expect(heard).toBe(1);
  });
});
