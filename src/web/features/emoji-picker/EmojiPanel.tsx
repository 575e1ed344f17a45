import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { EMOJI_CATEGORIES, type EmojiCategoryId } from '../../../shared/emoji/emojis';
import { useBackCloses } from '../../lib/back-stack';
import { allPickerItems, searchEmoji, type PickerItem } from './emoji-search';
import { loadRecent, rememberRecent } from './recent-emojis';
import { EMOJI_PICKER_TEXTS as T } from './texts';

type Tab = 'recent' | 'unicode' | EmojiCategoryId;

const COLUMNS = 8;
const ITEMS = allPickerItems();
const BY_INSERT = new Map(ITEMS.map((item) => [item.insert, item]));

const TABS: { id: Tab; name: string }[] = [
  { id: 'recent', name: T.recent },
  { id: 'unicode', name: T.unicode },
  ...EMOJI_CATEGORIES.map((category) => ({ id: category.id, name: category.name })),
];

/** Arrow keys in a right-to-left grid: Right goes to the previous cell, Left to the next. */
function step(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowLeft':
      return Math.min(index + 1, count - 1);
    case 'ArrowRight':
      return Math.max(index - 1, 0);
    case 'ArrowDown':
      return Math.min(index + COLUMNS, count - 1);
    case 'ArrowUp':
      return index - COLUMNS;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The picker's body: search, the sets as tabs (recently used first), and a keyboard grid. */
export default function EmojiPanel({
  onPick,
  onClose,
}: {
  onPick: (insert: string, isCode: boolean) => void;
  onClose: () => void;
}) {
  // On a phone the picker covers much of the screen: Back closes it first.
  useBackCloses(onClose);
  const [recent] = useState(loadRecent);
  const [tab, setTab] = useState<Tab>(recent.length > 0 ? 'recent' : 'unicode');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const grid = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const searchId = useId();

  const shown = useMemo((): PickerItem[] => {
    if (query.trim()) return searchEmoji(ITEMS, query);
    if (tab === 'recent') return recent.map((insert) => BY_INSERT.get(insert)).filter((item) => item !== undefined);
    return ITEMS.filter((item) => item.group === tab);
  }, [query, tab, recent]);
  const current = Math.min(active, Math.max(shown.length - 1, 0));

  const focusCell = (index: number) => {
    setActive(index);
    grid.current?.querySelectorAll<HTMLButtonElement>('button')[index]?.focus();
  };

  const pick = (item: PickerItem) => {
    rememberRecent(item.insert);
    onPick(item.insert, item.image !== undefined);
  };

  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = step(event.key, current, shown.length);
    if (next === null) return;
    event.preventDefault();
    if (next < 0) search.current?.focus();
    else focusCell(next);
  };

  return (
    <div dir="rtl" className="flex flex-col">
      <div className="p-2">
        <label htmlFor={searchId} className="sr-only">
          {T.search}
        </label>
        <input
          id={searchId}
          ref={search}
          type="search"
          autoFocus
          value={query}
          placeholder={T.searchPlaceholder}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && shown.length > 0) {
              event.preventDefault();
              focusCell(0);
            } else if (event.key === 'Enter' && shown[0]) {
              event.preventDefault();
              pick(shown[0]);
            }
          }}
          className="h-11 w-full rounded-xl border border-border bg-background px-3 focus:border-primary focus-visible:outline-none"
        />
      </div>
      {!query.trim() && (
        <div role="toolbar" aria-label={T.open} className="flex gap-1 overflow-x-auto px-2 pb-1">
          {TABS.filter((t) => t.id !== 'recent' || recent.length > 0).map((t) => (
            <button
              key={t.id}
              type="button"
              aria-pressed={tab === t.id}
              onClick={() => {
                setTab(t.id);
                setActive(0);
              }}
              className="min-h-11 shrink-0 rounded-xl px-3 text-sm font-medium hover:bg-muted aria-pressed:bg-accent aria-pressed:text-accent-foreground"
            >
              {t.name}
            </button>
          ))}
        </div>
      )}
      {query.trim() && (
        <p aria-live="polite" className="px-3 pb-1 text-xs text-muted-foreground">
          {shown.length > 0 ? T.results(shown.length) : T.noResults}
        </p>
      )}
      <div
        ref={grid}
        role="group"
        aria-label={query.trim() ? T.search : TABS.find((t) => t.id === tab)?.name}
        onKeyDown={onGridKey}
        className="grid h-72 grid-cols-8 content-start overflow-y-auto overscroll-contain p-2"
      >
        {shown.map((item, index) => (
          <button
            key={item.insert}
            type="button"
            tabIndex={index === current ? 0 : -1}
            aria-label={item.image ? `${item.name} ${item.insert}` : item.name}
            title={item.image ? `${item.name} ${item.insert}` : item.name}
            onFocus={() => setActive(index)}
            onClick={() => pick(item)}
            className="inline-flex h-11 w-11 items-center justify-center rounded-xl text-2xl hover:bg-muted focus-visible:bg-muted"
          >
            {item.image ? (
              <img src={item.image} alt="" width={32} height={32} loading="lazy" className="h-8 w-8 object-contain" />
            ) : (
              <span aria-hidden="true">{item.insert}</span>
            )}
          </button>
        ))}
      </div>
    </div>
  );
}
