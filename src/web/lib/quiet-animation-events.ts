/**
 * React listens for every event it knows on its root and portal containers, `animationiteration`
 * included, though we never handle it. While anything listens for it, Chromium wakes the main
 * thread at every iteration of every CSS animation to fire the event, and each wake restyles every
 * running animation: a busy online list (61 glows and 15 name lights) kept the main thread 40 %
 * busy on a slowed CPU for nothing (docs/performance.md). The containers React listens on ignore
 * that one registration; every other event is added as usual, options (capture) included.
 */
export function ignoreAnimationIterationListeners(target: EventTarget): void {
  const add = target.addEventListener.bind(target);
  target.addEventListener = (
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) => {
    if (type !== 'animationiteration') add(type, listener, options);
  };
}
