import type * as z from 'zod/mini';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type EndpointAuth = 'none' | 'session';

/**
 * One HTTP endpoint: method, path (Fastify syntax, `:name` for parameters), the schemas of its
 * inputs and of its reply. The server registers its route from it and parses every input with
 * these schemas; the browser builds the URL from it and parses the reply with `reply`.
 */
export interface Endpoint<
  P extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Q extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  B extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  R extends z.ZodMiniType = z.ZodMiniType,
  A extends EndpointAuth = EndpointAuth,
> {
  method: HttpMethod;
  path: string;
  /** Who may call it: anyone, or only with a live session (401 otherwise). */
  auth: A;
  params?: P;
  query?: Q;
  /** JSON body, or the text fields of a multipart form when `files` is set. */
  body?: B;
  /** Names of the file fields of a multipart form (uploads); each is optional. */
  files?: readonly string[];
  reply: R;
  summary: string;
}

export function endpoint<
  P extends z.ZodMiniType | undefined = undefined,
  Q extends z.ZodMiniType | undefined = undefined,
  B extends z.ZodMiniType | undefined = undefined,
  R extends z.ZodMiniType = z.ZodMiniType,
  const A extends EndpointAuth = EndpointAuth,
>(definition: Endpoint<P, Q, B, R, A>): Endpoint<P, Q, B, R, A> {
  return definition;
}

/** The schema of an optional part, or never when the endpoint has none. */
type Part<S> = NonNullable<S> extends z.ZodMiniType ? NonNullable<S> : never;
type Input<S> = [Part<S>] extends [never] ? undefined : z.input<Part<S>>;
type Output<S> = [Part<S>] extends [never] ? undefined : z.output<Part<S>>;

/** What a caller passes: only the parts the endpoint has. */
export type EndpointInput<E extends Endpoint> = ([Part<E['params']>] extends [never]
  ? { params?: undefined }
  : { params: Input<E['params']> }) &
  ([Part<E['query']>] extends [never] ? { query?: undefined } : { query?: Input<E['query']> }) &
  ([Part<E['body']>] extends [never] ? { body?: undefined } : { body: Input<E['body']> }) & {
    /** Files for an upload endpoint, by field name. */
    files?: Record<string, Blob | undefined>;
  };

/** What the server's handler receives, parsed. */
export interface ParsedInput<E extends Endpoint> {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
  /** Uploaded files by field name (multipart endpoints). */
  files: Record<string, UploadedFile | undefined>;
}

/** A file received by the server: its bytes are checked there, never trusted by name or type. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Uint8Array;
}

/** What the handler returns, and what the client parses. */
export type ReplyInput<E extends Endpoint> = z.input<E['reply']>;
export type ReplyOutput<E extends Endpoint> = z.output<E['reply']>;

/** `/api/users/:id` + `{id: 42}` → `/api/users/42` (each value URL-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}
