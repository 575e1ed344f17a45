import { roomsEndpoints } from '../../../shared/api/rooms';
import { callApi } from '../../lib/api';

/** Staff's room tools: pins, the announcement, the welcome message, slow mode. */
export const roomToolsApi = {
  pin: (roomId: string, messageId: number) => callApi(roomsEndpoints.pin, { params: { id: roomId, messageId } }),
  unpin: (roomId: string, messageId: number) => callApi(roomsEndpoints.unpin, { params: { id: roomId, messageId } }),
  announcement: (roomId: string, text: string) =>
    callApi(roomsEndpoints.announcement, { params: { id: roomId }, body: { text } }),
  welcome: (roomId: string, text: string) =>
    callApi(roomsEndpoints.welcome, { params: { id: roomId }, body: { text } }),
  slowMode: (roomId: string, seconds: number) =>
    callApi(roomsEndpoints.slowMode, { params: { id: roomId }, body: { seconds } }),
};
