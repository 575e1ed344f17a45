import { Ellipsis } from 'lucide-react';
import { useState } from 'react';
import { foldUsername } from '../../../../shared/entities/username-key';
import type { OnlineUser } from '../../../../shared/entities/user';
import { can, type Actor } from '../../../../shared/policy';
import { UserAvatar } from '../../../components/avatar';
import { UserName } from '../../../components/user-name';
import { useRooms } from '../../rooms/rooms-query';
import { MODERATION_TEXTS as T } from '../texts';
import { cardUserOf, openUserCard } from '../../people/user-card-store';
import { PanelButton, QueryView, RoleBadge, SearchBox } from './PanelParts';
import { useOnlineEveryone } from './panel-queries';

type Listed = OnlineUser & { roomId: string };

/** Everyone online with their room; quick kick and mute, and the full card. */
export function OnlineTab({ me }: { me: Actor }) {
  const query = useOnlineEveryone();
  const rooms = useRooms();
  const [search, setSearch] = useState('');
  const key = foldUsername(search);
  const roomName = (id: string) => rooms.data?.find((r) => r.id === id)?.name ?? id;

  return (
    <div className="flex flex-col gap-3">
      <SearchBox label={T.searchByName} value={search} onChange={setSearch} />
      <QueryView query={query} empty={T.onlineEmpty} isEmpty={(users) => users.length === 0}>
        {(users) => {
          const shown = key ? users.filter((u) => foldUsername(u.username).includes(key)) : users;
          if (shown.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{T.noMatch}</p>;
          return (
            <>
              <p className="text-xs text-muted-foreground">{T.peopleCount(shown.length)}</p>
              <ul className="flex flex-col divide-y divide-border">
                {shown.map((user) => (
                  <OnlineRow key={user.id} me={me} user={user} room={roomName(user.roomId)} />
                ))}
              </ul>
            </>
          );
        }}
      </QueryView>
    </div>
  );
}

function OnlineRow({ me, user, room }: { me: Actor; user: Listed; room: string }) {
  const target = { id: user.id, role: user.role };
  const card = cardUserOf(user);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
      <UserAvatar user={user} />
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <UserName user={user} className="truncate font-medium" />
          <RoleBadge role={user.role} />
        </div>
        <p className="truncate text-xs text-muted-foreground">{T.inRoom(room)}</p>
      </div>
      <div className="flex gap-1.5">
        {can(me, 'kick', target) && (
          <PanelButton tone="danger" onClick={() => openUserCard(card, { action: 'kick' })}>
            {T.action.kick}
          </PanelButton>
        )}
        {can(me, 'mute', target) && (
          <PanelButton tone="danger" onClick={() => openUserCard(card, { action: 'mute' })}>
            {T.action.mute}
          </PanelButton>
        )}
        <PanelButton onClick={() => openUserCard(card)} aria-label={T.moreActions(user.username)} className="w-11">
          <Ellipsis aria-hidden="true" className="h-5 w-5" />
        </PanelButton>
      </div>
    </li>
  );
}
