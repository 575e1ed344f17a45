import type { FastifyRequest } from 'fastify';
import type { UploadedFile } from '../../shared/api/endpoint';
import { ROOM_IMAGE_MAX_BYTES } from '../../shared/api/rooms';
import { AppError } from '../errors';

/**
 * Limits of every multipart form. Room pictures are the only uploads, so their cap is the file
 * cap; text fields are short (a room's description is the longest, 200 characters).
 */
export const MULTIPART_LIMITS = {
  fileSize: ROOM_IMAGE_MAX_BYTES,
  files: 1,
  fields: 8,
  fieldSize: 4096,
  fieldNameSize: 64,
  parts: 9,
  headerPairs: 64,
} as const;

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile | undefined>;
}

function isTooLarge(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Reads a multipart form: text fields as strings, files named in `fileFields` as bytes (at most
 * MULTIPART_LIMITS.fileSize each; past it the whole request is a 413). A file in another field,
 * a cut-off field or too many parts is refused: no honest form sends them.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileFields: readonly string[],
  /** A larger cap for the one endpoint that needs it (message pictures). */
  fileSize: number = MULTIPART_LIMITS.fileSize,
): Promise<MultipartForm> {
  const fields = new Map<string, string>();
  const files: Record<string, UploadedFile | undefined> = {};
  try {
    for await (const part of request.parts({ limits: { ...MULTIPART_LIMITS, fileSize } })) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname)) throw new AppError('VALIDATION_ERROR', 400);
        const data = await part.toBuffer();
        // An empty file input still sends a part with no name and no bytes: no file.
        if (data.length === 0 && part.filename === '') continue;
        files[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, data: new Uint8Array(data) };
      } else {
        if (part.fieldnameTruncated || part.valueTruncated || typeof part.value !== 'string')
          throw new AppError('VALIDATION_ERROR', 400);
        fields.set(part.fieldname, part.value);
      }
    }
  } catch (error) {
    if (isTooLarge(error)) throw new AppError('IMAGE_TOO_LARGE', 413);
    throw error;
  }
  return { fields: Object.fromEntries(fields), files };
}
