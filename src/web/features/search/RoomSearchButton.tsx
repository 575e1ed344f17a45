import { Search } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { SEARCH_TEXTS as T } from './texts';

// The sheet and its search load when first opened.
const RoomSearch = lazy(() => import('./RoomSearch'));

/** The room header's search button (44 px) and the search sheet it opens. */
export function RoomSearchButton({
  roomId,
  roomName,
  className,
}: {
  roomId: string;
  roomName: string;
  className: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        aria-label={T.open}
        title={T.open}
        aria-haspopup="dialog"
        data-room-search
      >
        <Search aria-hidden="true" className="h-5 w-5" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <RoomSearch key={roomId} roomId={roomId} roomName={roomName} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
