import { afterEach, describe, expect, it, vi } from 'vitest';
import { roomsEndpoints } from '../../shared/api/rooms';
import { HTTP } from '../../shared/constants';
import { ApiError, callApi } from './api';
import { HTTP_TEXTS } from './http-texts';

const room = {
  id: 'r1',
  name: 'غرفة',
  description: '',
  isDefault: false,
  isLocked: false,
  createdBy: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  isActive: true,
  userCount: 0,
  icon: null,
  isBroadcast: false,
  hostId: null,
  speakers: [],
  micQueue: [],
  chatLockAll: false,
  chatLockVisitors: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('callApi with an upload endpoint', () => {
  it('sends a multipart form: text fields first as text, then the file; no JSON content type', async () => {
    const fetchMock = vi.fn(async (_path: string, _init: RequestInit) => Response.json({ room }));
    vi.stubGlobal('fetch', fetchMock);
    const image = new File([new Uint8Array([1, 2, 3])], 'صورة.png', { type: 'image/png' });
    await callApi(roomsEndpoints.create, {
      body: { name: 'غرفة', description: 'وصف', isBroadcast: 'false' },
      files: { image },
    });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/rooms');
    expect(init.method).toBe('POST');
    expect(init.headers).not.toHaveProperty('content-type');
    const form = init.body as FormData;
    expect([...form.keys()]).toEqual(['name', 'description', 'isBroadcast', 'image']);
    expect(form.get('isBroadcast')).toBe('false');
    expect((form.get('image') as File).name).toBe('صورة.png');
  });

  it('says the upload failed, or timed out after the upload timeout, in Arabic', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('network');
      }),
    );
    const failed = callApi(roomsEndpoints.icon, { params: { id: 'r1' }, body: {}, files: {} });
    await expect(failed).rejects.toMatchObject({ code: 'UPLOAD_FAILED', message: HTTP_TEXTS.uploadFailed });

    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_path: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const slow = callApi(roomsEndpoints.icon, { params: { id: 'r1' }, body: {}, files: {} });
    const outcome = slow.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(HTTP.timeoutMs + 1);
    await vi.advanceTimersByTimeAsync(HTTP.uploadTimeoutMs - HTTP.timeoutMs);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'UPLOAD_TIMEOUT', status: 408, message: HTTP_TEXTS.uploadTimeout });
  });
});
