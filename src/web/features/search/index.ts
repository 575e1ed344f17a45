/** Searching messages (issue 22 §5): the room's search button and sheet, the private messages' results. */
export { RoomSearchButton } from './RoomSearchButton';
export { PrivateSearchResults } from './PrivateSearchResults';
