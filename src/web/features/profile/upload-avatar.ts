import { usersEndpoints } from '../../../shared/api/users';
import { fillPath } from '../../../shared/api/endpoint';
import { errorBodySchema } from '../../../shared/api/error-body';
import { DEVICE_ID_HEADER, HTTP } from '../../../shared/constants';
import type { SelfUser } from '../../../shared/entities/user';
import { ApiError } from '../../lib/api';
import { deviceId } from '../../lib/device-id';
import { HTTP_TEXTS, statusText } from '../../lib/http-texts';

/**
 * Uploads an avatar with progress (fetch cannot report it): the upload timeout and texts of
 * spec §7/§8, the server's Arabic refusal on failure, the reply checked by the registry's schema.
 */
export function uploadAvatar(userId: number, file: File, onProgress: (percent: number) => void): Promise<SelfUser> {
  const endpoint = usersEndpoints.uploadAvatar;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, fillPath(endpoint.path, { id: userId }));
    xhr.withCredentials = true;
    xhr.timeout = HTTP.uploadTimeoutMs;
    xhr.setRequestHeader(DEVICE_ID_HEADER, deviceId());
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.ontimeout = () => reject(new ApiError('UPLOAD_TIMEOUT', 408, HTTP_TEXTS.uploadTimeout));
    xhr.onerror = () => reject(new ApiError('UPLOAD_FAILED', 0, HTTP_TEXTS.uploadFailed));
    xhr.onload = () => {
      const payload: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = endpoint.reply.safeParse(payload);
        if (parsed.success) resolve(parsed.data.user);
        else reject(new ApiError('INVALID_RESPONSE', xhr.status, HTTP_TEXTS.invalidResponse));
        return;
      }
      const body = errorBodySchema.safeParse(payload);
      const message = (body.success && body.data.message) || statusText(xhr.status) || HTTP_TEXTS.uploadFailed;
      const code = (body.success && (body.data.code ?? body.data.error)) || `HTTP_${xhr.status}`;
      reject(new ApiError(code, xhr.status, message));
    };
    const form = new FormData();
    form.append('avatar', file, file.name);
    xhr.send(form);
  });
}
