import type { VoiceNoteContainer } from '../../../shared/api/voice-notes';

/**
 * What a voice note's bytes are: WebM or Ogg holding one Opus audio track, and how long it plays.
 * MediaRecorder writes WebM without a duration header (it streams), so the length is measured from
 * the blocks' own timecodes (cluster timecode + block offset, plus the last packet's own length read
 * from its Opus TOC byte), never taken from a header the file could lie in. Ogg pages carry their
 * granule position (48 kHz samples), less the stream's pre-skip.
 */
export interface MeasuredAudio {
  container: VoiceNoteContainer;
  durationMs: number;
}

/** Neither WebM/Ogg nor Opus, or not readable as one. */
export class NotOpusAudio extends Error {}

/** The length of one Opus packet in ms, from its TOC byte (RFC 6716 §3.1). */
function opusPacketMs(packet: Uint8Array): number {
  if (packet.length === 0) return 0;
  const toc = packet[0]!;
  const config = toc >> 3;
  let frameMs: number;
  if (config < 12) frameMs = [10, 20, 40, 60][config % 4]!;
  else if (config < 16) frameMs = [10, 20][config % 2]!;
  else frameMs = [2.5, 5, 10, 20][config % 4]!;
  const code = toc & 3;
  const frames = code === 0 ? 1 : code === 3 ? (packet[1] ?? 0) & 0x3f : 2;
  return frameMs * frames;
}

// ---- WebM (EBML) ----------------------------------------------------------------------------

const EBML_HEADER = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CODEC_ID = 0x86;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
/** Master elements whose children are read in place (whatever their size says, even "unknown"). */
const DESCEND = new Set([SEGMENT, INFO, TRACKS, TRACK_ENTRY, CLUSTER, BLOCK_GROUP]);

/** An EBML variable-length integer at `at`: its value (or -1 for "unknown"), and its length. */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number } {
  const first = bytes[at];
  if (first === undefined || first === 0) throw new NotOpusAudio('bad vint');
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) throw new NotOpusAudio('truncated vint');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i]!;
    if (byte !== 0xff) allOnes = false;
    value = value * 256 + byte;
  }
  return { value: !keepMarker && allOnes ? -1 : value, length };
}

function uint(bytes: Uint8Array, at: number, size: number): number {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + bytes[at + i]!;
  return value;
}

function measureWebm(bytes: Uint8Array): MeasuredAudio {
  let at = 0;
  let docType = '';
  let scaleNs = 1_000_000;
  let clusterTimecode: number | null = null;
  const codecs: string[] = [];
  let endMs = 0;
  let blocks = 0;
  let seenHeader = false;
  while (at < bytes.length) {
    const id = vint(bytes, at, true);
    const size = vint(bytes, at + id.length, false);
    const start = at + id.length + size.length;
    if (!seenHeader) {
      if (id.value !== EBML_HEADER || size.value < 0) throw new NotOpusAudio('not EBML');
      seenHeader = true;
    }
    if (DESCEND.has(id.value)) {
      if (id.value === CLUSTER) clusterTimecode = null;
      at = start;
      continue;
    }
    // A streamed file may end mid-element: what is there is read, the rest never was.
    if (size.value < 0) throw new NotOpusAudio('unknown size on a leaf');
    const end = Math.min(start + size.value, bytes.length);
    const body = bytes.subarray(start, end);
    switch (id.value) {
      case EBML_HEADER: {
        // Its children: only the document type matters.
        let inner = 0;
        while (inner < body.length) {
          const childId = vint(body, inner, true);
          const childSize = vint(body, inner + childId.length, false);
          const childStart = inner + childId.length + childSize.length;
          if (childSize.value < 0) throw new NotOpusAudio('bad header');
          if (childId.value === DOC_TYPE)
            docType = new TextDecoder().decode(body.subarray(childStart, childStart + childSize.value));
          inner = childStart + childSize.value;
        }
        if (docType !== 'webm' && docType !== 'matroska') throw new NotOpusAudio('not webm');
        break;
      }
      case TIMECODE_SCALE:
        scaleNs = uint(body, 0, body.length) || 1_000_000;
        break;
      case TRACK_TYPE:
        // Audio only: a video track (1) or any other is not a voice note.
        if (uint(body, 0, body.length) !== 2) throw new NotOpusAudio('not an audio track');
        break;
      case CODEC_ID:
        codecs.push(new TextDecoder().decode(body).replace(/\0+$/, ''));
        break;
      case CLUSTER_TIMECODE:
        clusterTimecode = uint(body, 0, body.length);
        break;
      case SIMPLE_BLOCK:
      case BLOCK: {
        if (clusterTimecode === null) throw new NotOpusAudio('block outside a cluster');
        const track = vint(body, 0, false);
        if (body.length < track.length + 3) break;
        const raw = (body[track.length]! << 8) | body[track.length + 1]!;
        const relative = raw >= 0x8000 ? raw - 0x10000 : raw;
        const packet = body.subarray(track.length + 3);
        const startMs = ((clusterTimecode + relative) * scaleNs) / 1_000_000;
        endMs = Math.max(endMs, startMs + opusPacketMs(packet));
        blocks += 1;
        break;
      }
      default:
        break;
    }
    at = start + size.value;
  }
  if (!seenHeader || codecs.length !== 1 || codecs[0] !== 'A_OPUS' || blocks === 0)
    throw new NotOpusAudio('not one Opus track');
  return { container: 'webm', durationMs: Math.round(endMs) };
}

// ---- Ogg ------------------------------------------------------------------------------------

function measureOgg(bytes: Uint8Array): MeasuredAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  let serial: number | null = null;
  let preSkip: number | null = null;
  let lastGranule = -1;
  let pages = 0;
  while (at < bytes.length) {
    if (at + 27 > bytes.length) break;
    if (view.getUint32(at) !== 0x4f676753 /* OggS */ || bytes[at + 4] !== 0) throw new NotOpusAudio('bad page');
    const granule = view.getBigInt64(at + 6, true);
    const pageSerial = view.getUint32(at + 14, true);
    const segments = bytes[at + 26]!;
    if (at + 27 + segments > bytes.length) break;
    let bodyLength = 0;
    for (let i = 0; i < segments; i++) bodyLength += bytes[at + 27 + i]!;
    const body = bytes.subarray(at + 27 + segments, at + 27 + segments + bodyLength);
    if (serial === null) {
      serial = pageSerial;
      // The first page holds the Opus identification header.
      if (body.length < 19 || new TextDecoder().decode(body.subarray(0, 8)) !== 'OpusHead')
        throw new NotOpusAudio('not Opus');
      preSkip = body[10]! | (body[11]! << 8);
    } else if (pageSerial !== serial) throw new NotOpusAudio('several streams');
    if (granule >= 0n) lastGranule = Math.max(lastGranule, Number(granule));
    pages += 1;
    at += 27 + segments + bodyLength;
  }
  if (pages < 2 || preSkip === null || lastGranule < 0) throw new NotOpusAudio('no audio');
  return { container: 'ogg', durationMs: Math.max(0, Math.round(((lastGranule - preSkip) * 1000) / 48_000)) };
}

/** Reads the container from the first bytes (never the declared type) and measures the note. */
export function measureOpus(bytes: Uint8Array): MeasuredAudio {
  if (bytes.length < 4) throw new NotOpusAudio('empty');
  try {
    if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return measureWebm(bytes);
    if (bytes[0] === 0x4f && bytes[1] === 0x67 && bytes[2] === 0x67 && bytes[3] === 0x53) return measureOgg(bytes);
  } catch (error) {
    if (error instanceof NotOpusAudio) throw error;
    throw new NotOpusAudio('unreadable');
  }
  throw new NotOpusAudio('unknown container');
}

/** The types a browser may declare for each container; nothing, or "bytes", leaves it to the bytes. */
const DECLARED: Record<VoiceNoteContainer, readonly string[]> = {
  webm: ['audio/webm', 'video/webm'],
  ogg: ['audio/ogg', 'audio/opus', 'application/ogg'],
};
const UNDECLARED = new Set(['', 'application/octet-stream']);

/** Whether the declared type (its parameters aside, e.g. `;codecs=opus`) agrees with the bytes. */
export function declaredTypeAgrees(mimetype: string, container: VoiceNoteContainer): boolean {
  const declared = mimetype.split(';')[0]!.trim().toLowerCase();
  return UNDECLARED.has(declared) || DECLARED[container].includes(declared);
}
