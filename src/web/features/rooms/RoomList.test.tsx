import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Room } from '../../../shared/entities/room';
import type { Role } from '../../../shared/roles';
import { RoomList } from './RoomList';
import { ROOM_TEXTS as T } from './texts';

function aRoom(id: string, name: string, overrides: Partial<Room> = {}): Room {
  return {
    id,
    name,
    description: '',
    isDefault: false,
    isLocked: false,
    createdBy: null,
    pins: [],
    announcement: '',
    welcome: '',
    slowModeSeconds: 0,
    parentId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    isActive: true,
    userCount: 0,
    icon: null,
    isBroadcast: false,
    hostId: null,
    speakers: [],
    micQueue: [],
    chatLockAll: false,
    chatLockVisitors: false,
    ...overrides,
  };
}

const rooms = [
  aRoom('general', 'الغرفة العامة', { isDefault: true }),
  aRoom('lebanon', 'شات لبنان', { isLocked: true }),
  aRoom('oman', 'شات عُمان'),
];

/** The grid as a wide screen first shows it, the reader being in the general room. */
function grid(role: Role): string {
  vi.stubGlobal('window', { matchMedia: () => ({ matches: true }) });
  return renderToStaticMarkup(
    <RoomList rooms={rooms} currentRoomId="general" actor={{ id: 1, role }} username="سلمى" onSelect={() => {}} />,
  );
}

/** The button of the card holding `name`. */
function cardButton(html: string, name: string): string {
  const card = html.slice(html.indexOf(`<bdi class="truncate">${name}</bdi>`));
  return card.slice(card.indexOf('<button'), card.indexOf('</button>') + 9);
}

afterEach(() => vi.unstubAllGlobals());

describe('the room grid (spec §2)', () => {
  it("shows a visitor the locked room's button disabled as 'locked room', and the current room as 'current room'", () => {
    const html = grid('guest');
    const locked = cardButton(html, 'شات لبنان');
    expect(locked).toContain(T.locked);
    expect(locked).toMatch(/disabled=""/);
    const current = cardButton(html, 'الغرفة العامة');
    expect(current).toContain(T.current);
    expect(current).toMatch(/disabled=""/);
    const open = cardButton(html, 'شات عُمان');
    expect(open).not.toMatch(/disabled=""/);
    expect(open).toContain(`${T.enter} شات عُمان`);
    // No add-room button for a visitor.
    expect(html).not.toContain(T.addRoom);
  });

  it('lets staff enter a locked room, and shows the add-room button to admins and the owner only', () => {
    for (const role of ['moderator', 'admin', 'owner'] as const) {
      const locked = cardButton(grid(role), 'شات لبنان');
      expect(locked, role).not.toContain(T.locked);
      expect(locked, role).not.toMatch(/disabled=""/);
    }
    expect(grid('member')).not.toContain(T.addRoom);
    expect(grid('moderator')).not.toContain(T.addRoom);
    expect(grid('admin')).toContain(T.addRoom);
    expect(grid('owner')).toContain(T.addRoom);
  });
});

describe('the catalogue rooms in the list', () => {
  const grouped = [
    aRoom('general', 'الغرفة العامة', { isDefault: true }),
    aRoom('egypt', 'شات مصر'),
    aRoom('egypt-cairo', 'القاهرة', { parentId: 'egypt', description: 'دردشة القاهرة في مصر' }),
    aRoom('egypt-giza', 'الجيزة', { parentId: 'egypt' }),
    aRoom('sabaya', 'شات صبايا'),
    aRoom('sabaya-sabaya-chat', 'شات الصبايا', { parentId: 'sabaya' }),
  ];
  const list = (props: Partial<Parameters<typeof RoomList>[0]> = {}) => {
    vi.stubGlobal('window', { matchMedia: () => ({ matches: false }) });
    return renderToStaticMarkup(
      <RoomList
        rooms={grouped}
        currentRoomId={null}
        actor={{ id: 1, role: 'guest' }}
        username="سلمى"
        onSelect={() => {}}
        {...props}
      />,
    );
  };

  it('folds a country’s cities and a hub’s sub-chats under them, behind a button saying how many', () => {
    const html = list();
    expect(html).toContain('<bdi class="truncate">شات مصر</bdi>');
    expect(html).toContain(T.showGroup(2));
    expect(html).toContain(T.showGroup(1));
    expect(html).toMatch(/aria-expanded="false"/);
    // Folded: the cities are not shown until asked for.
    expect(html).not.toContain('<bdi class="truncate">القاهرة</bdi>');
    expect(html).not.toContain('<bdi class="truncate">شات الصبايا</bdi>');
    expect(T.showGroup(2)).toBe('عرض غرفتين');
    expect(T.showGroup(5)).toBe('عرض 5 غرف');
  });

  it('shows the group of the room one is in unfolded, and the suggested city on top', () => {
    expect(list({ currentRoomId: 'egypt-giza' })).toContain('<bdi class="truncate">الجيزة</bdi>');
    const html = list({ suggestedRoomId: 'egypt-cairo' });
    const cairo = html.indexOf('<bdi class="truncate">القاهرة</bdi>');
    expect(cairo).toBeGreaterThan(-1);
    expect(cairo).toBeLessThan(html.indexOf('<bdi class="truncate">الغرفة العامة</bdi>'));
    expect(html).toContain(T.suggested);
  });
});
