import { wallsEndpoints, type NewWallPost, type WallType } from '../../../shared/api/walls';
import type { ReactionType } from '../../../shared/entities/message';
import { callApi } from '../../lib/api';

/** Every call of the walls; refusals arrive as ApiError with the server's Arabic text. */

export const fetchWall = (type: WallType, before?: number) =>
  callApi(wallsEndpoints.posts, { params: { type }, query: before === undefined ? {} : { before } });
export const createPost = (body: { content: string; type: WallType; imageId?: string | null }) =>
  callApi(wallsEndpoints.create, { body: body satisfies Partial<NewWallPost> });
export const deletePost = (id: number) => callApi(wallsEndpoints.remove, { params: { id } });
export const reactToPost = (id: number, type: ReactionType | null) =>
  callApi(wallsEndpoints.react, { params: { id }, body: { type } });
export const fetchComments = (id: number) => callApi(wallsEndpoints.comments, { params: { id } });
export const addComment = (id: number, content: string) =>
  callApi(wallsEndpoints.comment, { params: { id }, body: { content } });
export const deleteComment = (id: number) => callApi(wallsEndpoints.removeComment, { params: { id } });
export const reportPost = (id: number, reason: string) =>
  callApi(wallsEndpoints.reportPost, { params: { id }, body: { reason } });
export const reportComment = (id: number, reason: string) =>
  callApi(wallsEndpoints.reportComment, { params: { id }, body: { reason } });
