import { MessageCircle } from 'lucide-react';
import { CountButton } from '../../components/CountButton';
import { unreadTotal } from './pm-state';
import { openMessagesPanel, usePm } from './pm-store';
import { PM_TEXTS as T } from './texts';

/** The header's private messages button, with the number of unread messages on it. */
export function MessagesButton() {
  const unread = usePm(unreadTotal);
  return (
    <CountButton
      icon={MessageCircle}
      count={unread}
      label={T.openPanel(unread)}
      title={T.title}
      onClick={openMessagesPanel}
      badgeTestId="pm-unread-badge"
    />
  );
}
