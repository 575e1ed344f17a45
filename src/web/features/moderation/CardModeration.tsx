import {
  Ban,
  ChevronLeft,
  Clock,
  DoorOpen,
  Flag,
  Mic,
  MicOff,
  ShieldCheck,
  ShieldOff,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { can, type Actor } from '../../../shared/policy';
import type { Role } from '../../../shared/roles';
import { BlockForm } from './BlockForm';
import { cardActions, type CardAction } from './card-actions';
import { ConfirmForm } from './ConfirmForm';
import { deleteMessage, liftSanction, setRole } from './moderation-api';
import { CHAT_TEXTS } from '../chat/texts';
import { PANEL_KEYS } from './panel/panel-keys';
import { ReportForm } from './ReportForm';
import { SanctionForm } from './SanctionForm';
import { MODERATION_TEXTS as T } from './texts';
import type { CardMessage, CardUser } from '../people/user-card-store';
import { useSanctions } from './panel/panel-queries';

const ICONS: Record<CardAction, LucideIcon> = {
  deleteMessage: Trash2,
  reportMessage: Flag,
  kick: DoorOpen,
  mute: MicOff,
  unmute: Mic,
  ban: Clock,
  block: Ban,
  report: Flag,
  makeModerator: ShieldCheck,
  makeMember: ShieldOff,
};

/** The list of what the viewer may do; each opens its form. */
export function ActionMenu({ actions, onPick }: { actions: CardAction[]; onPick: (action: CardAction) => void }) {
  if (actions.length === 0) return <p className="text-sm text-muted-foreground">{T.noActions}</p>;
  return (
    <ul aria-label={T.actions} className="flex flex-col gap-1">
      {actions.map((action) => {
        const Icon = ICONS[action];
        const severe = action === 'ban' || action === 'block' || action === 'deleteMessage';
        return (
          <li key={action}>
            <button
              type="button"
              onClick={() => onPick(action)}
              className="flex min-h-12 w-full items-center gap-3 rounded-xl px-3 py-2 text-start hover:bg-muted"
            >
              <span
                className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${severe ? 'bg-destructive/10 text-destructive' : 'bg-muted text-foreground'}`}
              >
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{T.action[action]}</span>
                <span className="block text-xs text-muted-foreground">{T.actionHint[action]}</span>
              </span>
              {/* Forward in Arabic points left. */}
              <ChevronLeft aria-hidden="true" className="h-4 w-4 shrink-0 text-muted-foreground" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** One action's form. */
function ActionForm({
  action,
  user,
  message,
  onBack,
  onDone,
}: {
  action: CardAction;
  user: CardUser;
  message: CardMessage | null;
  onBack: () => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  switch (action) {
    case 'makeModerator':
    case 'makeMember': {
      const role = action === 'makeModerator' ? 'moderator' : 'member';
      return (
        <ConfirmForm
          question={T.confirmRole(user.username, user.gender, role)}
          submit={T.submit[action]}
          call={async () => {
            await setRole(user.id, role);
            // The card and the lists show the new role (the live side tells the other tabs).
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: ['users', user.id] }),
              queryClient.invalidateQueries({ queryKey: PANEL_KEYS.online }),
            ]);
          }}
          success={T.done.role(user.username, CHAT_TEXTS.roles[role])}
          onBack={onBack}
          onDone={onDone}
        />
      );
    }
    case 'kick':
    case 'mute':
    case 'ban':
      return <SanctionForm kind={action} user={user} onBack={onBack} onDone={onDone} />;
    case 'block':
      return <BlockForm user={user} onBack={onBack} onDone={onDone} />;
    case 'report':
      return <ReportForm userId={user.id} onBack={onBack} onDone={onDone} />;
    case 'reportMessage':
      return message ? <ReportForm userId={user.id} messageId={message.id} onBack={onBack} onDone={onDone} /> : null;
    case 'deleteMessage':
      return message ? (
        <ConfirmForm
          question={T.confirmDelete}
          submit={T.submit.deleteMessage}
          call={() => deleteMessage(message.id)}
          success={T.done.deleteMessage}
          onBack={onBack}
          onDone={onDone}
        />
      ) : null;
    case 'unmute':
      return (
        <ConfirmForm
          question={T.actionHint.unmute}
          submit={T.submit.unmute}
          call={() => liftSanction('mute', user.id)}
          success={T.done.unmute(user.username)}
          onBack={onBack}
          onDone={onDone}
        />
      );
  }
}

export interface CardModerationProps {
  me: Actor;
  user: CardUser;
  role: Role;
  message: CardMessage | null;
  view: CardAction | null;
  onView: (view: CardAction | null) => void;
  onDone: () => void;
}

/**
 * Whether the person is muted now, from the active sanctions staff can read (null: not known). A
 * mute that ran out since the list was read still counts: lifting it then is harmless.
 */
function useMuted(me: Actor, userId: number): boolean | null {
  const sanctions = useSanctions(can(me, 'viewModeration')).data;
  return sanctions ? sanctions.some((s) => s.kind === 'mute' && s.userId === userId) : null;
}

/** Moderation's part of the person card (people/UserCard), once the person's role is known. */
export function CardModeration(props: CardModerationProps) {
  return <ModerationActions {...props} muted={useMuted(props.me, props.user.id)} />;
}

/**
 * The message the card was opened from, then the actions the policy allows (reports for anyone,
 * sanctions for staff), or one action's form.
 */
export function ModerationActions({
  me,
  user,
  role,
  message,
  muted = null,
  view,
  onView,
  onDone,
}: CardModerationProps & {
  /** Whether the person is muted now; null while not known. */
  muted?: boolean | null;
}) {
  const actions = cardActions(me, { id: user.id, role }, message !== null, muted, user.userType !== 'guest');
  const current = view && actions.includes(view) ? view : null;
  return (
    <div className="flex flex-col gap-4">
      {message && (
        <figure className="rounded-xl bg-muted px-3 py-2">
          <figcaption className="text-xs text-muted-foreground">{T.messageLabel}</figcaption>
          <p dir="auto" className="line-clamp-3 text-sm break-words whitespace-pre-wrap">
            {message.content}
          </p>
        </figure>
      )}
      {current ? (
        <section aria-labelledby="card-action-title" className="flex flex-col gap-3">
          <h3 id="card-action-title" className="font-bold">
            {T.action[current]}
          </h3>
          <ActionForm action={current} user={user} message={message} onBack={() => onView(null)} onDone={onDone} />
        </section>
      ) : me.id === user.id && !message ? (
        <p className="text-sm text-muted-foreground">{T.yourself}</p>
      ) : (
        <ActionMenu actions={actions} onPick={onView} />
      )}
    </div>
  );
}
