import {
  ChevronDown,
  LayoutGrid,
  List,
  Lock,
  Plus,
  Radio,
  RefreshCw,
  Search,
  SquareMousePointer,
  Timer,
  Users,
} from 'lucide-react';
import * as ToggleGroup from '@radix-ui/react-toggle-group';
import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { roomStats, searchRooms, type Room } from '../../../shared/entities/room';
import { can, type Actor } from '../../../shared/policy';
import { Button } from '../../components/Button';
import { RoomIcon } from './RoomIcon';
import { groupRooms } from './room-groups';
import { setRoomsAutoRefresh, useRoomsAutoRefresh } from './rooms-query';
import { useStableOrder } from './stable-order';
import { ROOM_TEXTS as T } from './texts';

// Staff tools load only for staff, when first shown.
const RoomMenu = lazy(() => import('./RoomMenu'));
const CreateRoomDialog = lazy(() => import('./CreateRoomDialog'));

/** Whether `actor` has anything in a room's menu (lock, picture, delete). */
function hasRoomMenu(actor: Actor, room: Room): boolean {
  return can(actor, 'lockRoom') || can(actor, 'changeRoomIcon') || can(actor, 'deleteRoom', room);
}

/** The menu button's place while its code loads, so rows do not shift. */
const MENU_PLACEHOLDER = <span aria-hidden="true" className="h-11 w-11 shrink-0" />;

function ItemMenu({ room, actor }: { room: Room; actor: Actor }) {
  if (!hasRoomMenu(actor, room)) return null;
  return (
    <Suspense fallback={MENU_PLACEHOLDER}>
      <RoomMenu room={room} actor={actor} />
    </Suspense>
  );
}

export type RoomView = 'list' | 'grid' | 'selector';

interface RoomListProps {
  rooms: Room[];
  currentRoomId: string | null;
  /** Who is looking: the policy decides which rooms they may enter. */
  actor: Actor;
  username: string;
  onSelect: (room: Room) => void;
  /** Offers the three views; the compact panel in the chat shows the list only. */
  views?: boolean;
  showStats?: boolean;
  onRefresh?: () => void;
  refreshing?: boolean;
  /** The room of the page the visitor came from: listed first, marked as suggested. */
  suggestedRoomId?: string | null;
}

/** Spec §2 room list screen: search, counts, list / grid / selector views, statistics, lock marks. */
export function RoomList({
  rooms: allRooms,
  currentRoomId,
  actor,
  username,
  onSelect,
  views = true,
  showStats = true,
  onRefresh,
  refreshing,
  suggestedRoomId,
}: RoomListProps) {
  const mayEnterLocked = can(actor, 'enterRoom', { isLocked: true });
  // A locked room is not suggested to someone who cannot enter it.
  const suggested = allRooms.find((room) => room.id === suggestedRoomId && (!room.isLocked || mayEnterLocked));
  const rooms = useMemo(
    () => (suggested ? [suggested, ...allRooms.filter((room) => room !== suggested)] : allRooms),
    [allRooms, suggested],
  );
  const [query, setQuery] = useState('');
  // Phones start with the compact list; wider screens with the grid.
  const [view, setView] = useState<RoomView>(() =>
    views && window.matchMedia('(min-width: 640px)').matches ? 'grid' : 'list',
  );
  // Live counts change in place; a new order waits until nobody is pointing at or touching the list.
  const { shown: steady, handlers: holdHandlers } = useStableOrder(rooms);
  const found = useMemo(() => searchRooms(steady, query), [steady, query]);
  // Without a search the picker stays short: a country's cities and a hub's sub-chats fold under it.
  // The suggested room stays on top even when it belongs to a group (a city page's room).
  const groups = useMemo(() => groupRooms(steady, suggestedRoomId ?? null), [steady, suggestedRoomId]);
  const nameOf = useMemo(() => new Map(allRooms.map((room) => [room.id, room.name])), [allRooms]);
  const currentParent = allRooms.find((room) => room.id === currentRoomId)?.parentId ?? null;
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(
    () => new Set(currentParent ? [currentParent] : []),
  );
  const toggleGroup = (roomId: string) =>
    setOpenGroups((open) => {
      const next = new Set(open);
      if (!next.delete(roomId)) next.add(roomId);
      return next;
    });
  const searching = query.trim() !== '';
  const stats = useMemo(() => roomStats(rooms), [rooms]);
  const searchId = useId();
  const headingId = useId();
  const mayCreate = can(actor, 'createRoom');
  const [creating, setCreating] = useState(false);
  const autoRefresh = useRoomsAutoRefresh();

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold">
          {T.availableRooms} <span className="text-muted-foreground">({rooms.length})</span>
        </h2>
        <div className="flex items-center gap-1">
          {mayCreate && (
            <Button onClick={() => setCreating(true)} className="h-11 px-3">
              <Plus aria-hidden="true" className="h-4 w-4" />
              {T.addRoom}
            </Button>
          )}
          {onRefresh && (
            <Button
              variant="ghost"
              size="icon"
              onClick={onRefresh}
              aria-label={T.refresh}
              title={T.refresh}
              disabled={refreshing}
              className="h-11 w-11"
            >
              <RefreshCw aria-hidden="true" className={`h-4 w-4 ${refreshing ? 'animate-spin' : ''}`} />
            </Button>
          )}
          {onRefresh && (
            <Button
              variant="ghost"
              size="icon"
              onClick={() => setRoomsAutoRefresh(!autoRefresh)}
              aria-pressed={autoRefresh}
              aria-label={T.autoRefresh}
              title={T.autoRefresh}
              className="h-11 w-11 aria-pressed:bg-accent aria-pressed:text-accent-foreground"
            >
              <Timer aria-hidden="true" className="h-4 w-4" />
            </Button>
          )}
          {views && (
            <ToggleGroup.Root
              type="single"
              value={view}
              onValueChange={(next) => next && setView(next as RoomView)}
              aria-label={T.viewLabel}
              className="flex rounded-xl bg-muted p-1"
              dir="rtl"
            >
              {(
                [
                  ['grid', T.viewGrid, LayoutGrid],
                  ['list', T.viewList, List],
                  ['selector', T.viewSelector, SquareMousePointer],
                ] as const
              ).map(([value, label, Icon]) => (
                <ToggleGroup.Item
                  key={value}
                  value={value}
                  aria-label={label}
                  title={label}
                  className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-muted-foreground data-[state=on]:bg-card data-[state=on]:text-foreground data-[state=on]:shadow-sm"
                >
                  <Icon aria-hidden="true" className="h-4 w-4" />
                </ToggleGroup.Item>
              ))}
            </ToggleGroup.Root>
          )}
        </div>
      </div>

      {showStats && (
        // Compact on phones (one row), so the rooms themselves start high on the screen.
        <dl aria-label={T.statsLabel} className="grid grid-cols-4 gap-1.5 sm:gap-2">
          {(
            [
              [T.statTotal, stats.totalRooms],
              [T.statBroadcast, stats.broadcastRooms],
              [T.statUsers, stats.connectedUsers],
              [T.statActive, stats.activeRooms],
            ] as const
          ).map(([label, value]) => (
            <div
              key={label}
              className="rounded-xl border border-border bg-card px-2 py-1 sm:rounded-2xl sm:px-3 sm:py-2"
            >
              <dt className="text-[0.7rem] leading-tight text-muted-foreground sm:text-xs">{label}</dt>
              <dd className="text-base font-bold tabular-nums sm:text-xl">{value}</dd>
            </div>
          ))}
        </dl>
      )}

      {view !== 'selector' && (
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            {T.searchLabel}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={T.searchPlaceholder}
            className="h-11 w-full rounded-xl border border-border bg-card ps-9 pe-3 focus:border-primary"
          />
        </div>
      )}

      {rooms.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-6 text-center text-muted-foreground">
          {T.empty}
        </p>
      ) : view === 'selector' ? (
        <RoomSelector
          rooms={rooms}
          username={username}
          currentRoomId={currentRoomId}
          mayEnterLocked={mayEnterLocked}
          onSelect={onSelect}
        />
      ) : found.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-border p-6 text-center">
          <p className="text-muted-foreground">{T.noResults}</p>
          <button
            type="button"
            onClick={() => setQuery('')}
            className="mt-2 font-medium text-primary underline underline-offset-4"
          >
            {T.clearSearch}
          </button>
        </div>
      ) : (
        <ul
          {...holdHandlers}
          className={view === 'grid' ? 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3' : 'flex flex-col gap-1'}
        >
          {searching
            ? found.map((room) => {
                const Item = view === 'grid' ? RoomCard : RoomRow;
                const parentName = room.parentId ? nameOf.get(room.parentId) : undefined;
                return (
                  <li key={room.id}>
                    <Item
                      room={room}
                      actor={actor}
                      current={room.id === currentRoomId}
                      suggested={room.id === suggested?.id}
                      mayEnterLocked={mayEnterLocked}
                      onSelect={onSelect}
                      groupName={parentName}
                    />
                  </li>
                );
              })
            : groups.map(({ room, children }) => {
                const open = openGroups.has(room.id);
                const nested =
                  children.length > 0 ? (
                    <RoomGroupFold
                      parent={room}
                      count={children.length}
                      open={open}
                      onToggle={() => toggleGroup(room.id)}
                    >
                      {children.map((child) => (
                        <li key={child.id}>
                          <RoomRow
                            room={child}
                            actor={actor}
                            current={child.id === currentRoomId}
                            suggested={false}
                            mayEnterLocked={mayEnterLocked}
                            onSelect={onSelect}
                          />
                        </li>
                      ))}
                    </RoomGroupFold>
                  ) : null;
                return (
                  <li key={room.id} data-room-group={children.length > 0 ? room.id : undefined}>
                    {view === 'grid' ? (
                      <RoomCard
                        room={room}
                        actor={actor}
                        current={room.id === currentRoomId}
                        suggested={room.id === suggested?.id}
                        mayEnterLocked={mayEnterLocked}
                        onSelect={onSelect}
                        footer={nested}
                      />
                    ) : (
                      <>
                        <RoomRow
                          room={room}
                          actor={actor}
                          current={room.id === currentRoomId}
                          suggested={room.id === suggested?.id}
                          mayEnterLocked={mayEnterLocked}
                          onSelect={onSelect}
                        />
                        {nested}
                      </>
                    )}
                  </li>
                );
              })}
        </ul>
      )}
      {creating && (
        <Suspense fallback={null}>
          <CreateRoomDialog onOpenChange={setCreating} />
        </Suspense>
      )}
    </section>
  );
}

interface RoomItemProps {
  room: Room;
  actor: Actor;
  current: boolean;
  suggested: boolean;
  mayEnterLocked: boolean;
  onSelect: (room: Room) => void;
  /** In search results: the room it is listed under ("في شات مصر"). */
  groupName?: string | undefined;
  /** A card's folded rooms (grid view). */
  footer?: ReactNode;
}

/** A country's or hub's rooms, folded under it: a button shows or hides them. */
function RoomGroupFold({
  parent,
  count,
  open,
  onToggle,
  children,
}: {
  parent: Room;
  count: number;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const listId = useId();
  const label = open ? T.hideGroup(count) : T.showGroup(count);
  return (
    <div className="flex flex-col">
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${label} ${T.groupOf(parent.name)}`}
        className="ms-11 flex min-h-11 items-center gap-1.5 self-start rounded-lg px-2 text-sm font-medium text-primary hover:bg-muted"
      >
        <ChevronDown
          aria-hidden="true"
          className={`h-4 w-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
        />
        {label}
      </button>
      <ul id={listId} hidden={!open} className="ms-6 flex flex-col gap-1 border-s border-border ps-2">
        {open && children}
      </ul>
    </div>
  );
}

function Marks({ room }: { room: Room }) {
  return (
    <>
      {room.isLocked && <Lock aria-label={T.lockedLabel} className="h-3.5 w-3.5 shrink-0 text-warning" />}
      {room.isBroadcast && <Radio aria-label={T.broadcast} className="h-3.5 w-3.5 shrink-0 text-primary" />}
    </>
  );
}

function SuggestedMark() {
  return (
    <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">{T.suggested}</span>
  );
}

function OnlineCount({ count }: { count: number }) {
  return (
    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground tabular-nums">
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${count > 0 ? 'bg-success' : 'bg-border'}`} />
      {T.online(count)}
    </span>
  );
}

function GroupName({ name }: { name: string | undefined }) {
  if (!name) return null;
  return (
    <span className="truncate text-xs text-muted-foreground">
      · <bdi>{T.groupOf(name)}</bdi>
    </span>
  );
}

function RoomRow({ room, actor, current, suggested, mayEnterLocked, onSelect, groupName }: RoomItemProps) {
  const blocked = room.isLocked && !mayEnterLocked;
  return (
    <div className={`flex items-center rounded-xl ${current ? 'bg-accent' : ''}`}>
      <button
        type="button"
        onClick={() => onSelect(room)}
        disabled={blocked}
        aria-current={current ? 'true' : undefined}
        className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-xl px-2 py-2 text-start transition hover:bg-muted disabled:opacity-60"
      >
        <RoomIcon room={room} size={36} />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex items-center gap-1.5 font-medium">
            <bdi className="truncate">{room.name}</bdi>
            <Marks room={room} />
          </span>
          <span className="flex min-w-0 items-center gap-1">
            <OnlineCount count={room.userCount} />
            <GroupName name={groupName} />
          </span>
        </span>
        {current && <span className="text-xs font-medium text-accent-foreground">{T.current}</span>}
        {suggested && !current && <SuggestedMark />}
      </button>
      <ItemMenu room={room} actor={actor} />
    </div>
  );
}

function RoomCard({ room, actor, current, suggested, mayEnterLocked, onSelect, groupName, footer }: RoomItemProps) {
  const blocked = room.isLocked && !mayEnterLocked;
  return (
    <div
      className={`flex h-full flex-col gap-3 rounded-2xl border bg-card p-4 shadow-sm ${current ? 'border-primary' : 'border-border'}`}
    >
      <div className="flex items-start gap-3">
        <RoomIcon room={room} size={44} />
        <div className="flex min-w-0 flex-1 flex-col">
          <h3 className="flex items-center gap-1.5 font-bold">
            <bdi className="truncate">{room.name}</bdi>
            <Marks room={room} />
          </h3>
          <span className="flex min-w-0 items-center gap-1">
            <OnlineCount count={room.userCount} />
            <GroupName name={groupName} />
          </span>
        </div>
        {suggested ? (
          <SuggestedMark />
        ) : (
          room.isDefault && (
            <span className="rounded-full bg-accent px-2 py-0.5 text-xs text-accent-foreground">{T.default}</span>
          )
        )}
        <div className="-me-2 -mt-2">
          <ItemMenu room={room} actor={actor} />
        </div>
      </div>
      {room.description && <p className="line-clamp-2 text-sm text-muted-foreground">{room.description}</p>}
      <Button
        variant={current ? 'secondary' : 'primary'}
        className="mt-auto w-full"
        disabled={blocked || current}
        onClick={() => onSelect(room)}
        aria-label={blocked || current ? undefined : `${T.enter} ${room.name}`}
      >
        {blocked ? (
          <>
            <Lock aria-hidden="true" className="h-4 w-4" /> {T.locked}
          </>
        ) : current ? (
          T.current
        ) : (
          <>
            <Users aria-hidden="true" className="h-4 w-4" /> {T.enter}
          </>
        )}
      </Button>
      {footer}
    </div>
  );
}

function RoomSelector({
  rooms,
  username,
  currentRoomId,
  mayEnterLocked,
  onSelect,
}: {
  rooms: Room[];
  username: string;
  currentRoomId: string | null;
  mayEnterLocked: boolean;
  onSelect: (room: Room) => void;
}) {
  const enterable = rooms.filter((room) => !room.isLocked || mayEnterLocked);
  const [chosen, setChosen] = useState(currentRoomId ?? enterable[0]?.id ?? '');
  const selectId = useId();
  const room = enterable.find((r) => r.id === chosen);
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-border bg-card p-6 text-center">
      <p className="text-xl font-bold">
        {T.selectorWelcome} <bdi>{username}</bdi>
      </p>
      <label htmlFor={selectId} className="text-muted-foreground">
        {T.selectorPrompt}
      </label>
      <select
        id={selectId}
        value={chosen}
        onChange={(e) => setChosen(e.target.value)}
        className="h-11 w-full max-w-sm rounded-xl border border-border bg-card px-3"
      >
        {groupRooms(enterable).map(({ room: top, children }) => {
          const option = (r: Room) => (
            <option key={r.id} value={r.id}>
              {r.name} ({T.online(r.userCount)})
            </option>
          );
          return children.length === 0 ? (
            option(top)
          ) : (
            <optgroup key={top.id} label={top.name}>
              {option(top)}
              {children.map(option)}
            </optgroup>
          );
        })}
      </select>
      <Button size="lg" className="w-full max-w-sm" disabled={!room} onClick={() => room && onSelect(room)}>
        {T.enter}
      </Button>
    </div>
  );
}
