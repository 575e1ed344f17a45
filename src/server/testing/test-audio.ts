/**
 * Voice notes for tests, written the way browsers write them: WebM as Chrome's MediaRecorder
 * streams it (no duration in the header, segment and clusters of unknown size, SimpleBlocks of 20 ms
 * Opus packets), and Ogg Opus as Firefox's. The packets hold no real audio (the server never
 * decodes it), only valid TOC bytes.
 */

/** An EBML element: id bytes, a size (or unknown), the body. */
function element(id: number[], body: Uint8Array | number[], unknownSize = false): Uint8Array {
  const data = body instanceof Uint8Array ? body : new Uint8Array(body);
  const size = unknownSize
    ? [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]
    : [
        0x01,
        0,
        0,
        0,
        (data.length >>> 24) & 0xff,
        (data.length >>> 16) & 0xff,
        (data.length >>> 8) & 0xff,
        data.length & 0xff,
      ];
  return concat([new Uint8Array(id), new Uint8Array(size), data]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const text = (value: string) => new TextEncoder().encode(value);
const uint = (value: number, bytes: number) =>
  Array.from({ length: bytes }, (_, i) => Math.floor(value / 256 ** (bytes - 1 - i)) % 256);

/** A 20 ms CELT packet (config 31, one frame) of `length` bytes. */
function opusPacket(length = 60): Uint8Array {
  const packet = new Uint8Array(length).fill(0x55);
  packet[0] = (31 << 3) | 0;
  return packet;
}

export interface WebmOptions {
  /** How long it plays. */
  durationMs: number;
  /** Written in the header as a lie (MediaRecorder writes none). */
  headerDurationMs?: number;
  codec?: string;
  /** 1 is video. */
  trackType?: number;
  /** Bytes per packet (to make a large file). */
  packetBytes?: number;
}

/** A WebM Opus voice note of `durationMs` (a whole number of 20 ms packets, clusters of 1 s). */
export function aWebmOpus(options: WebmOptions): Uint8Array<ArrayBuffer> {
  const { durationMs, codec = 'A_OPUS', trackType = 2, packetBytes = 60 } = options;
  const header = element(
    [0x1a, 0x45, 0xdf, 0xa3],
    [...element([0x42, 0x86], [1]), ...element([0x42, 0x82], text('webm')), ...element([0x42, 0x87], [4])],
  );
  const info = element(
    [0x15, 0x49, 0xa9, 0x66],
    [
      ...element([0x2a, 0xd7, 0xb1], uint(1_000_000, 3)),
      ...element([0x4d, 0x80], text('Chrome')),
      ...(options.headerDurationMs !== undefined
        ? element(
            [0x44, 0x89],
            (() => {
              const bytes = new Uint8Array(8);
              new DataView(bytes.buffer).setFloat64(0, options.headerDurationMs);
              return bytes;
            })(),
          )
        : []),
    ],
  );
  const tracks = element(
    [0x16, 0x54, 0xae, 0x6b],
    [
      ...element(
        [0xae],
        [
          ...element([0xd7], [1]),
          ...element([0x83], [trackType]),
          ...element([0x86], text(codec)),
          ...element([0x63, 0xa2], [...text('OpusHead'), 1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0]),
        ],
      ),
    ],
  );
  const clusters: Uint8Array[] = [];
  const packets = Math.round(durationMs / 20);
  for (let first = 0; first < packets; first += 50) {
    const blocks: Uint8Array[] = [element([0xe7], uint(first * 20, 4))];
    for (let i = first; i < Math.min(first + 50, packets); i++) {
      const relative = (i - first) * 20;
      blocks.push(
        element(
          [0xa3],
          concat([new Uint8Array([0x81, relative >> 8, relative & 0xff, 0x80]), opusPacket(packetBytes)]),
        ),
      );
    }
    clusters.push(element([0x1f, 0x43, 0xb6, 0x75], concat(blocks), true));
  }
  const segment = element([0x18, 0x53, 0x80, 0x67], concat([info, tracks, ...clusters]), true);
  return concat([header, segment]) as Uint8Array<ArrayBuffer>;
}

/** An Ogg page of one stream. */
function oggPage(serial: number, sequence: number, granule: bigint, body: Uint8Array, flags = 0): Uint8Array {
  const segments: number[] = [];
  let left = body.length;
  while (left >= 255) {
    segments.push(255);
    left -= 255;
  }
  segments.push(left);
  const header = new Uint8Array(27 + segments.length);
  const view = new DataView(header.buffer);
  header.set(text('OggS'), 0);
  header[4] = 0;
  header[5] = flags;
  view.setBigInt64(6, granule, true);
  view.setUint32(14, serial, true);
  view.setUint32(18, sequence, true);
  header[26] = segments.length;
  header.set(segments, 27);
  return concat([header, body]);
}

/** An Ogg Opus voice note of `durationMs` (pre-skip 312 samples, one page per second). */
export function anOggOpus(durationMs: number): Uint8Array<ArrayBuffer> {
  const serial = 0x1234;
  const preSkip = 312;
  const head = new Uint8Array([...text('OpusHead'), 1, 1, preSkip & 0xff, preSkip >> 8, 0x80, 0xbb, 0, 0, 0, 0, 0]);
  const pages = [
    oggPage(serial, 0, 0n, head, 2),
    oggPage(serial, 1, 0n, concat([text('OpusTags'), new Uint8Array(8)])),
  ];
  const samples = Math.round((durationMs * 48_000) / 1000);
  let sequence = 2;
  for (let done = 0; done < samples;) {
    const next = Math.min(samples, done + 48_000);
    const count = Math.ceil((next - done) / 960);
    const body = concat(Array.from({ length: count }, () => opusPacket(40)));
    pages.push(oggPage(serial, sequence++, BigInt(next + preSkip), body, next === samples ? 4 : 0));
    done = next;
  }
  return concat(pages) as Uint8Array<ArrayBuffer>;
}

/** 48 levels, as the browser sends them. */
export const aWaveform = (): string => Array.from({ length: 48 }, (_, i) => (i * 7) % 101).join(',');
