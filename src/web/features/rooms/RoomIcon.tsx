import { useState } from 'react';
import type { Room } from '../../../shared/entities/room';

/** The room's picture, or its first letter on a tinted tile. */
export function RoomIcon({ room, size = 40 }: { room: Room; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (room.icon && !failed) {
    return (
      <img
        src={room.icon}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded-xl object-cover"
        onError={() => setFailed(true)}
      />
    );
  }
  // 'شات مصر' shows م and 'الغرفة العامة' shows غ: skip the generic word and the article.
  const letter = [...room.name.replace(/^(شات|غرفة|دردشة)\s+/u, '').replace(/^ال(?=\p{L}{2})/u, '')][0] ?? '؟';
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-xl bg-accent font-bold text-accent-foreground"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
    >
      {letter}
    </span>
  );
}
