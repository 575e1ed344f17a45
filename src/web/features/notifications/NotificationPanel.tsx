import * as Dialog from '@radix-ui/react-dialog';
import {
  AtSign,
  Bell,
  Heart,
  MessageCircle,
  MessageSquare,
  Reply,
  ShieldAlert,
  SmilePlus,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import type { Notification, NotificationType } from '../../../shared/api/notifications';
import { UserAvatar } from '../../components/avatar';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { Spinner } from '../../components/Spinner';
import { errorToastText } from '../../lib/api';
import { BackCloses } from '../../lib/back-stack';
import { showError } from '../../lib/toast';
import { sessionStore } from '../session/session-store';
import {
  acceptFriend,
  clearNotifications,
  declineFriend,
  markAllNotificationsRead,
  markNotificationRead,
} from '../people/people-api';
import { usePrivateMessageAction } from '../people/private-message-action';
import { timeAgo } from '../people/relative-time';
import { useFriendRequests, useNotifications } from '../people/social-queries';
import { NOTIFICATION_TEXTS as T } from './texts';

const ICONS: Record<NotificationType, LucideIcon> = {
  message: MessageCircle,
  mention: AtSign,
  reply: Reply,
  friendRequest: UserPlus,
  friendAccepted: Heart,
  wallComment: MessageSquare,
  wallReaction: SmilePlus,
  moderation: ShieldAlert,
  system: Bell,
};

const run = (work: Promise<unknown>) => void work.catch(showError);

function Entry({ notification, onClose }: { notification: Notification; onClose: () => void }) {
  const openPrivate = usePrivateMessageAction();
  const requests = useFriendRequests().data;
  const Icon = ICONS[notification.type];
  const requestId = notification.data.requestId;
  const pending =
    notification.type === 'friendRequest' && requests?.incoming.some((r) => r.id === requestId) ? requestId : undefined;
  const act = () => {
    if (!notification.isRead) run(markNotificationRead(notification.id));
    const { actor, data } = notification;
    if (notification.type === 'message' && actor && openPrivate) {
      openPrivate(actor);
      onClose();
    } else if (data.roomId) {
      sessionStore.selectRoom(data.roomId);
      onClose();
    }
  };
  return (
    <li className={`flex flex-col gap-2 rounded-xl px-2 py-2 ${notification.isRead ? '' : 'bg-primary/5'}`}>
      <button type="button" onClick={act} className="flex min-h-11 w-full items-start gap-3 text-start">
        <span className="relative shrink-0">
          {notification.actor ? (
            <UserAvatar user={notification.actor} />
          ) : (
            <span className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-muted">
              <Icon aria-hidden="true" className="h-5 w-5" />
            </span>
          )}
          {notification.actor && (
            <span className="absolute -bottom-1 -end-1 inline-flex h-5 w-5 items-center justify-center rounded-full bg-card shadow">
              <Icon aria-hidden="true" className="h-3 w-3 text-primary" />
            </span>
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span dir="auto" className={`block text-sm break-words ${notification.isRead ? '' : 'font-bold'}`}>
            {notification.text}
          </span>
          <time dateTime={notification.createdAt} className="block text-xs text-muted-foreground">
            {timeAgo(notification.createdAt)}
          </time>
        </span>
        {!notification.isRead && (
          <span className="mt-2 h-2.5 w-2.5 shrink-0 rounded-full bg-primary">
            <span className="sr-only">{T.unread}</span>
          </span>
        )}
      </button>
      {pending !== undefined && (
        <div className="flex gap-2 ps-12">
          <button
            type="button"
            onClick={() => run(acceptFriend(pending))}
            className="min-h-11 flex-1 rounded-xl bg-primary px-3 text-sm font-medium text-primary-foreground"
          >
            {T.accept}
          </button>
          <button
            type="button"
            onClick={() => run(declineFriend(pending))}
            className="min-h-11 flex-1 rounded-xl bg-muted px-3 text-sm font-medium"
          >
            {T.decline}
          </button>
        </div>
      )}
    </li>
  );
}

/** The notification panel: a bottom sheet on phones, a panel under the header on wider screens. */
export default function NotificationPanel({ onClose }: { onClose: () => void }) {
  const list = useNotifications(true);
  const notifications = list.data ?? [];
  const unread = notifications.some((n) => !n.isRead);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <BackCloses close={onClose} />
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          dir="rtl"
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col gap-3 rounded-t-3xl bg-card p-4 pb-[max(1rem,env(safe-area-inset-bottom))] text-card-foreground shadow-2xl sm:inset-x-auto sm:top-16 sm:bottom-auto sm:end-4 sm:w-[26rem] sm:rounded-3xl"
        >
          <header className="flex items-center gap-2">
            <Dialog.Title className="flex-1 text-lg font-bold">{T.title}</Dialog.Title>
            <DialogCloseButton label={T.close} />
          </header>
          {notifications.length > 0 && (
            <div className="flex gap-2">
              <button
                type="button"
                disabled={!unread}
                onClick={() => run(markAllNotificationsRead())}
                className="min-h-11 rounded-xl bg-muted px-3 text-sm font-medium disabled:opacity-50"
              >
                {T.markAllRead}
              </button>
              <button
                type="button"
                onClick={() => window.confirm(T.confirmClear) && run(clearNotifications())}
                className="min-h-11 rounded-xl px-3 text-sm font-medium text-destructive hover:bg-destructive/10"
              >
                {T.clear}
              </button>
            </div>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto">
            {list.isPending ? (
              <Spinner label={T.loading} />
            ) : list.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {errorToastText(list.error)}
              </p>
            ) : notifications.length === 0 ? (
              <p className="py-8 text-center text-sm text-muted-foreground">{T.empty}</p>
            ) : (
              <ul aria-label={T.title} className="flex flex-col gap-1">
                {notifications.map((n) => (
                  <Entry key={n.id} notification={n} onClose={onClose} />
                ))}
              </ul>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
