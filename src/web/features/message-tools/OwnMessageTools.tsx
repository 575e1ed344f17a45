import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { withinEditWindow, type ListedMessage } from '../../../shared/entities/message';
import { showError } from '../../lib/toast';
import { startEditing, stopEditing } from './editing-store';
import { messageToolsApi } from './message-tools-api';
import { MESSAGE_TOOLS_TEXTS as T } from './texts';

type Kind = 'room' | 'pm';

const iconButton =
  'inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-full px-2 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary';

/** Whether its sender may still edit it now (a stored text message within the edit window). */
export function canEditNow(message: ListedMessage, now = Date.now()): boolean {
  return message.id > 0 && message.messageType === 'text' && withinEditWindow(message.timestamp, now);
}

/**
 * The actions on one's own stored message: edit (text, within 15 minutes) and delete (asked
 * twice). Shown in the message's menu.
 */
export function OwnMessageActions({
  message,
  kind,
  onDone,
}: {
  message: ListedMessage;
  kind: Kind;
  /** The menu closes after an action starts. */
  onDone?: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  if (message.id <= 0) return null;
  const remove = () => {
    if (!confirming) {
      setConfirming(true);
      return;
    }
    onDone?.();
    const call =
      kind === 'room'
        ? messageToolsApi.removeRoomMessage(message.id)
        : messageToolsApi.removePrivateMessage(message.id);
    void call.catch(showError);
  };
  return (
    <>
      {canEditNow(message) && (
        <button
          type="button"
          aria-label={T.editMessage}
          title={T.edit}
          data-action="edit-message"
          onClick={() => {
            onDone?.();
            startEditing(kind, message.id);
          }}
          className={iconButton}
        >
          <Pencil aria-hidden="true" className="h-4 w-4" />
        </button>
      )}
      <button
        type="button"
        aria-label={confirming ? T.confirmRemove : T.remove}
        title={confirming ? T.confirmRemove : T.remove}
        data-action="delete-message"
        onClick={remove}
        className={`${iconButton} ${confirming ? 'bg-destructive text-white hover:bg-destructive' : 'text-destructive'}`}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        {confirming && <span className="text-xs font-bold">{T.confirmRemove}</span>}
      </button>
    </>
  );
}

/** «معدّلة» after an edited message's text. */
export function EditedMark({ editedAt }: { editedAt: string | null | undefined }) {
  if (!editedAt) return null;
  return (
    <span className="self-center text-[11px] leading-6 text-muted-foreground" data-edited title={T.edited}>
      ({T.edited})
    </span>
  );
}

/**
 * The message's text in place, editable: Enter saves, Shift+Enter starts a new line, Escape (or
 * Cancel) leaves it as it was.
 */
export function InlineEditor({ message, kind }: { message: ListedMessage; kind: Kind }) {
  const [text, setText] = useState(message.content);
  const [saving, setSaving] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = field.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  const save = async () => {
    const content = text.trim();
    if (!content || content === message.content) {
      stopEditing();
      return;
    }
    setSaving(true);
    try {
      if (kind === 'room') await messageToolsApi.editRoomMessage(message.id, content);
      else await messageToolsApi.editPrivateMessage(message.id, content);
      stopEditing();
    } catch (error) {
      showError(error);
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      stopEditing();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  };
  return (
    <form
      className="flex w-full max-w-full flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <textarea
        ref={field}
        dir="auto"
        rows={2}
        value={text}
        aria-label={T.editMessage}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={saving}
        className="w-full resize-none rounded-lg border border-primary bg-card px-2 py-1 leading-6 text-foreground focus-visible:outline-2 focus-visible:outline-primary"
      />
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <button
          type="submit"
          disabled={saving}
          className="min-h-11 rounded-lg bg-primary px-3 font-bold text-primary-foreground"
        >
          {T.save}
        </button>
        <button type="button" onClick={stopEditing} className="min-h-11 rounded-lg px-3 hover:bg-muted">
          {T.cancel}
        </button>
        <span className="text-muted-foreground">{T.editHint}</span>
      </div>
    </form>
  );
}
