import type * as z from 'zod/mini';
import { fillPath, type Endpoint, type EndpointInput, type ReplyOutput } from '../../shared/api/endpoint';
import { errorBodySchema } from '../../shared/api/error-body';
import { DEVICE_ID_HEADER, HTTP } from '../../shared/constants';
import { deviceId } from './device-id';
import { HTTP_TEXTS, statusText, TOAST_TEXTS } from './http-texts';
import { inReaderVoice } from './reader-voice';

/** Every failed call becomes one of these: a code, an HTTP status (0 offline) and an Arabic message. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: unknown,
    /** Seconds left on a temporary restriction (a ban, a mute, a flood pause), when the server said. */
    readonly timeLeft?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();
/** Called when the server says the session is gone (401): the saved chat session is removed. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

// Spec §8: repeated 401s in a short window are not handled again and again, only rethrown.
const isSafari = typeof navigator !== 'undefined' && /^((?!chrome|android).)*safari/i.test(navigator.userAgent);
const UNAUTHORIZED_WINDOW_MS = isSafari ? 3000 : 5000;
const UNAUTHORIZED_MAX_HANDLED = isSafari ? 2 : 3;
let unauthorizedHits: number[] = [];

function handleUnauthorized(): void {
  const now = Date.now();
  unauthorizedHits = unauthorizedHits.filter((at) => now - at < UNAUTHORIZED_WINDOW_MS);
  unauthorizedHits.push(now);
  if (unauthorizedHits.length > UNAUTHORIZED_MAX_HANDLED) return;
  for (const listener of unauthorizedListeners) listener();
}

export interface RequestOptions<S extends z.ZodMiniType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** An upload: sent as multipart instead of `body`, with the upload timeout and texts. */
  form?: FormData;
  schema?: S;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The one HTTP client: credentials, device id, timeout, Arabic errors, response checked by schema. */
export async function apiRequest<S extends z.ZodMiniType>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<z.output<S>> {
  const controller = new AbortController();
  const upload = options.form !== undefined;
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    options.timeoutMs ?? (upload ? HTTP.uploadTimeoutMs : HTTP.timeoutMs),
  );
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined && !upload ? 'GET' : 'POST'),
      credentials: 'include',
      headers: {
        [DEVICE_ID_HEADER]: deviceId(),
        // A form sets its own multipart content type (with the boundary).
        ...(options.body === undefined || upload ? {} : { 'content-type': 'application/json' }),
      },
      body: upload ? options.form : options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut)
      throw upload
        ? new ApiError('UPLOAD_TIMEOUT', 408, HTTP_TEXTS.uploadTimeout)
        : new ApiError('TIMEOUT', 408, HTTP_TEXTS.timeout);
    if (options.signal?.aborted) throw error;
    throw upload
      ? new ApiError('UPLOAD_FAILED', 0, HTTP_TEXTS.uploadFailed)
      : new ApiError('NETWORK_ERROR', 0, HTTP_TEXTS.offline);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }

  const payload: unknown = await response.json().catch(() => null);

  if (!response.ok) {
    if (response.status === 401) handleUnauthorized();
    const body = errorBodySchema.safeParse(payload);
    const message = (body.success && body.data.message) || statusText(response.status) || TOAST_TEXTS.unexpected;
    const code = (body.success && (body.data.code ?? body.data.error)) || `HTTP_${response.status}`;
    throw new ApiError(
      code,
      response.status,
      message,
      body.success ? body.data.details : undefined,
      body.success ? body.data.timeLeft : undefined,
    );
  }
  if (!options.schema) return payload as z.output<S>;
  const parsed = options.schema.safeParse(payload);
  if (!parsed.success) throw new ApiError('INVALID_RESPONSE', response.status, HTTP_TEXTS.invalidResponse);
  return parsed.data;
}

type CallArgs<E extends Endpoint> =
  object extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: Pick<RequestOptions<E['reply']>, 'signal' | 'timeoutMs'>]
    : [input: EndpointInput<E>, options?: Pick<RequestOptions<E['reply']>, 'signal' | 'timeoutMs'>];

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * An upload's form: the text fields first (the server reads the form in order), as text (spec §7:
 * booleans as 'true'/'false'), then the files.
 */
export function toFormData(body: unknown, files: Record<string, Blob | undefined> | undefined): FormData {
  const form = new FormData();
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      if (value === undefined || value === null) continue;
      form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
  }
  for (const [key, blob] of Object.entries(files ?? {})) {
    if (blob) form.append(key, blob, blob instanceof File ? blob.name : key);
  }
  return form;
}

/**
 * Calls one endpoint of the shared registry: path, method and reply schema all come from it. An
 * endpoint with `files` is sent as a multipart form.
 */
export function callApi<E extends Endpoint>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<ReplyOutput<E>> {
  const path =
    fillPath(endpoint.path, input?.params as Record<string, unknown> | undefined) + queryString(input?.query);
  return apiRequest(path, {
    ...options,
    method: endpoint.method,
    ...(endpoint.files ? { form: toFormData(input?.body, input?.files) } : { body: input?.body }),
    schema: endpoint.reply,
  }) as Promise<ReplyOutput<E>>;
}

/** The toast text for a failure (spec §8 "Toasts"). */
/** The text to show for a failed call, in the reader's gender (reader-voice.ts). */
export function errorToastText(error: unknown): string {
  return inReaderVoice(plainErrorText(error));
}

function plainErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return TOAST_TEXTS.unexpected;
  if (error.code === 'NETWORK_ERROR') return TOAST_TEXTS.network;
  if (error.code === 'TIMEOUT') return TOAST_TEXTS.timeout;
  // The server's own Arabic text is the most precise; fall back to the generic one per status.
  if (error.message) return error.message;
  if (error.status === 401) return TOAST_TEXTS.unauthorized;
  if (error.status === 403) return TOAST_TEXTS.forbidden;
  if (error.status === 404) return TOAST_TEXTS.notFound;
  if (error.status === 422 || error.code === 'VALIDATION_ERROR') return TOAST_TEXTS.invalid;
  if (error.status === 503) return TOAST_TEXTS.unavailable;
  if (error.status >= 500) return TOAST_TEXTS.server;
  return TOAST_TEXTS.unexpected;
}
