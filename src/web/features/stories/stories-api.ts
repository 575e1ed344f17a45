import { storiesEndpoints, type PostStoryBody } from '../../../shared/api/stories';
import type { StoryReaction } from '../../../shared/entities/story';
import { callApi } from '../../lib/api';

export const fetchFeed = () => callApi(storiesEndpoints.feed);
export const postStory = (body: Partial<PostStoryBody>) => callApi(storiesEndpoints.post, { body });
export const markViewed = (id: number) => callApi(storiesEndpoints.view, { params: { id } });
export const fetchViews = (id: number) => callApi(storiesEndpoints.views, { params: { id } });
export const reactToStory = (id: number, type: StoryReaction) =>
  callApi(storiesEndpoints.react, { params: { id }, body: { type } });
export const replyToStory = (id: number, content: string) =>
  callApi(storiesEndpoints.reply, { params: { id }, body: { content } });
export const deleteStory = (id: number) => callApi(storiesEndpoints.remove, { params: { id } });
