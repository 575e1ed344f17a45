/** Notifications while no tab is open (issue 22 §6): the settings part and the page's live side. */
export { PushLive, openPushTarget } from './PushLive';
export { PushSettings } from './PushSettings';
