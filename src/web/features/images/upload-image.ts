import { errorBodySchema } from '../../../shared/api/error-body';
import {
  CHAT_IMAGE_MAX_BYTES,
  uploadedImageSchema,
  uploadsEndpoints,
  type UploadedImage,
} from '../../../shared/api/uploads';
import { DEVICE_ID_HEADER, HTTP } from '../../../shared/constants';
import { ApiError } from '../../lib/api';
import { deviceId } from '../../lib/device-id';
import { HTTP_TEXTS, statusText } from '../../lib/http-texts';
import { IMAGE_TEXTS } from './texts';

export interface UploadOptions {
  /** Called with 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Whether a file is worth sending at all: a picture type (the server checks the bytes) within the size limit. */
export function imageFileProblem(file: Blob): string | null {
  if (file.type !== '' && !file.type.startsWith('image/')) return IMAGE_TEXTS.notAnImage;
  if (file.size > CHAT_IMAGE_MAX_BYTES) return HTTP_TEXTS.tooLarge;
  return null;
}

/**
 * Uploads a picture for a message (`POST /api/uploads/image`). XMLHttpRequest rather than fetch:
 * it reports upload progress in every browser. 60 s timeout (spec §7); failures are ApiErrors
 * with spec §8's texts ('file upload failed', 'file upload timed out', 413 'file too large').
 */
export function uploadImage(file: Blob, options: UploadOptions = {}): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const problem = imageFileProblem(file);
    if (problem) {
      reject(new ApiError(problem === HTTP_TEXTS.tooLarge ? 'IMAGE_TOO_LARGE' : 'IMAGE_INVALID', 400, problem));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadsEndpoints.image.path);
    xhr.withCredentials = true;
    xhr.timeout = options.timeoutMs ?? HTTP.uploadTimeoutMs;
    xhr.setRequestHeader(DEVICE_ID_HEADER, deviceId());
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    const abort = () => xhr.abort();
    options.signal?.addEventListener('abort', abort);
    const done = () => options.signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      done();
      let payload: unknown = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        // not JSON (a proxy's page)
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = uploadedImageSchema.safeParse((payload as { image?: unknown } | null)?.image);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError('INVALID_RESPONSE', xhr.status, HTTP_TEXTS.invalidResponse));
        return;
      }
      const body = errorBodySchema.safeParse(payload);
      const message = (body.success && body.data.message) || statusText(xhr.status) || HTTP_TEXTS.uploadFailed;
      const code = (body.success && (body.data.code ?? body.data.error)) || `HTTP_${xhr.status}`;
      reject(new ApiError(code, xhr.status, message));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError('UPLOAD_FAILED', 0, HTTP_TEXTS.uploadFailed));
    };
    xhr.ontimeout = () => {
      done();
      reject(new ApiError('UPLOAD_TIMEOUT', 408, HTTP_TEXTS.uploadTimeout));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    };
    const form = new FormData();
    form.append('image', file, file instanceof File ? file.name : 'image');
    xhr.send(form);
  });
}
