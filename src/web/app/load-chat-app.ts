/**
 * The chat app, one small chunk away from the entry. Vite writes, beside each dynamic import, the
 * list of chunks to preload with it; imported from the entry, the chat's list (one name per chat
 * feature, growing with each) would weigh on every landing page. Imported from here, the entry
 * lists only this chunk, and the chat's chunks still load together once the visitor enters.
 */
export const loadChatApp = () => import('./ChatApp');
