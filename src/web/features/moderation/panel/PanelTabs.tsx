import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { PanelTab } from '../panel-store';
import { MODERATION_TEXTS as T } from '../texts';

/**
 * The panel's tab bar (WAI-ARIA tabs): one tab stop, arrows move in reading order (right to left),
 * Home/End jump. It scrolls sideways on phones rather than wrapping.
 */
export function PanelTabs({
  tabs,
  current,
  onSelect,
  panelId,
  badge,
}: {
  tabs: PanelTab[];
  current: PanelTab;
  onSelect: (tab: PanelTab) => void;
  panelId: string;
  badge: Partial<Record<PanelTab, number>>;
}) {
  const buttons = useRef<Partial<Record<PanelTab, HTMLButtonElement | null>>>({});
  // On a phone the bar scrolls: the open tab is always brought into view.
  // A block body: newer Chromium returns a promise from scrollIntoView, which React would take
  // for the effect's cleanup and call, taking the whole page down.
  useEffect(() => {
    buttons.current[current]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.indexOf(current);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowLeft: rtl ? 1 : -1, ArrowRight: rtl ? -1 : 1 }[event.key];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onSelect(tab);
    buttons.current[tab]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={T.tabsLabel}
      onKeyDown={onKeyDown}
      className="flex shrink-0 gap-1 overflow-x-auto border-b border-border px-2 py-1.5 [scrollbar-width:none] sm:px-4"
    >
      {tabs.map((tab) => {
        const count = badge[tab] ?? 0;
        return (
          <button
            key={tab}
            ref={(el) => {
              buttons.current[tab] = el;
            }}
            id={`moderation-tab-${tab}`}
            type="button"
            role="tab"
            aria-selected={tab === current}
            aria-controls={panelId}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => onSelect(tab)}
            className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl px-3 text-sm font-medium whitespace-nowrap text-muted-foreground hover:bg-muted aria-selected:bg-accent aria-selected:text-accent-foreground"
          >
            {T.tab[tab]}
            {count > 0 && (
              <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-bold text-destructive-foreground tabular-nums">
                {count > 99 ? '99+' : count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
