// Room search on a room of 1,000,000 messages (issue 22 §5), on PostgreSQL: the app's queries
// (messages.repo.ts `searchInRoom`: the room's newest 2,000 first through the (room_id, id) index,
// then the GIN index on search_vector) timed p50/p95, and the plan of each; and, for comparison,
// the one plain query the planner is left to choose for. Everything lives in its own schema (`bench_search`), dropped at the end, so the
// tests' tables are never touched.
// Run: npx tsx bench/search.ts [--messages 1000000] [--rounds 40] [--keep]
import pg from 'pg';
import { searchTerms, searchTextOf, toPrefixTsQuery } from '../src/shared/text/search';

const url = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const arg = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const total = arg('--messages', 1_000_000);
const rounds = arg('--rounds', 40);
const keep = process.argv.includes('--keep');
const SCHEMA = 'bench_search';
const ROOM = 'bench';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

// A deterministic generator, so every run builds the same room.
let seed = 42;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}

const LETTERS = 'ابتثجحخدذرزسشصضطظعغفقكلمنهويةىأإآءؤئ';
/** A vocabulary of 30,000 made-up words, drawn with a Zipf-like skew, as chat words are. */
const vocabulary = Array.from({ length: 30_000 }, () => {
  const length = 3 + Math.floor(random() * 5);
  return Array.from({ length }, () => LETTERS[Math.floor(random() * LETTERS.length)]).join('');
});
function word(): string {
  return vocabulary[Math.floor(vocabulary.length * random() ** 3)]!;
}

/** Words of known frequency to search for. */
const PLANTED: { word: string; every: number }[] = [
  { word: 'مرحباً', every: 10 }, // 10% of messages
  { word: 'موعدنا', every: 1_000 }, // 0.1%
  { word: 'الزمرّدة', every: 50_000 }, // 20 messages
];

function message(index: number): string {
  const words = Array.from({ length: 3 + Math.floor(random() * 10) }, word);
  for (const planted of PLANTED) if (index % planted.every === 7) words.splice(1, 0, planted.word);
  if (random() < 0.3) words.push('😀');
  return words.join(' ');
}

const client = new pg.Client({ connectionString: url });
await client.connect();

console.log(`Building ${SCHEMA}.messages: ${total.toLocaleString()} messages in one room, 100,000 in others…`);
const built = performance.now();
await client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
await client.query(`CREATE SCHEMA ${SCHEMA}`);
// The columns the queries read, and the two indexes they use, as in drizzle/0013_search.sql.
await client.query(`CREATE TABLE ${SCHEMA}.messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  room_id text,
  sender_id integer NOT NULL,
  receiver_id integer,
  is_private boolean NOT NULL DEFAULT false,
  content text NOT NULL,
  deleted_at timestamptz,
  search_vector tsvector
)`);
const BATCH = 10_000;
const others = 100_000;
for (let done = 0; done < total + others; done += BATCH) {
  const rooms: string[] = [];
  const contents: string[] = [];
  const texts: string[] = [];
  for (let i = done; i < Math.min(done + BATCH, total + others); i += 1) {
    // The other rooms' messages are spread through the bench room's.
    rooms.push(i % 11 === 0 && rooms.length < BATCH ? `other${i % 5}` : ROOM);
    const content = message(i);
    contents.push(content);
    texts.push(searchTextOf(content));
  }
  await client.query(
    `INSERT INTO ${SCHEMA}.messages (room_id, sender_id, content, search_vector, deleted_at)
     SELECT r, 1 + (ord % 500)::int, c, to_tsvector('simple', t), CASE WHEN ord % 200 = 0 THEN now() END
     FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS u(r, c, t, ord)`,
    [rooms, contents, texts],
  );
  if ((done / BATCH) % 20 === 0) process.stdout.write(`  ${done.toLocaleString()}\n`);
}
await client.query(`CREATE INDEX ON ${SCHEMA}.messages (room_id, id)`);
await client.query(
  `CREATE INDEX messages_search_idx ON ${SCHEMA}.messages USING gin (search_vector) WHERE deleted_at is null`,
);
await client.query(`VACUUM ANALYZE ${SCHEMA}.messages`);
const count = await client.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.messages WHERE room_id = $1`, [ROOM]);
console.log(
  `Built in ${((performance.now() - built) / 1000).toFixed(0)} s; the room holds ${count.rows[0].n.toLocaleString()} messages\n`,
);

const SHOWN = `room_id = $1 AND is_private = false AND deleted_at IS NULL AND ($3::bigint IS NULL OR id < $3)`;
const WINDOW = 2000;
/** The app's queries (messages.repo.ts `searchInRoom`), without the last read of 20 rows by id. */
const RECENT = `WITH recent AS (SELECT id, search_vector FROM ${SCHEMA}.messages WHERE ${SHOWN} ORDER BY id DESC LIMIT ${WINDOW})
  SELECT id FROM recent WHERE search_vector @@ to_tsquery('simple', $2) ORDER BY id DESC LIMIT 21`;
const FLOOR = `SELECT id FROM ${SCHEMA}.messages WHERE ${SHOWN} AND $2::text IS NOT NULL ORDER BY id DESC OFFSET ${WINDOW - 1} LIMIT 1`;
const OLDER = `SELECT id FROM ${SCHEMA}.messages WHERE ${SHOWN} AND search_vector @@ to_tsquery('simple', $2) AND id < $4
  ORDER BY id + 0 DESC LIMIT $5`;
/** One plain query, the planner left to choose (what the app does not do). */
const PLAIN = `SELECT id FROM ${SCHEMA}.messages WHERE ${SHOWN} AND search_vector @@ to_tsquery('simple', $2)
  ORDER BY id DESC LIMIT 21`;

async function appSearch(params: unknown[]): Promise<{ rows: number; plans: string[][] }> {
  const [recent, floor] = await Promise.all([client.query(RECENT, params), client.query(FLOOR, params)]);
  const plans: string[][] = [];
  let rows = recent.rowCount ?? 0;
  const below = floor.rows[0]?.id;
  if (explain) {
    plans.push(await plan(RECENT, params));
  }
  if (rows <= 20 && below !== undefined) {
    const olderParams = [...params, below, 21 - rows];
    rows += (await client.query(OLDER, olderParams)).rowCount ?? 0;
    if (explain) plans.push(await plan(OLDER, olderParams));
  }
  return { rows, plans };
}

let explain = false;
async function plan(query: string, params: unknown[]): Promise<string[]> {
  const result = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`, params);
  return result.rows.map((row: Record<string, string>) => row['QUERY PLAN']!);
}

const cases: { name: string; q: string; before?: boolean }[] = [
  { name: 'common word (10%), prefix', q: 'مرح' },
  { name: 'common word, 2nd page (before)', q: 'مرحبا', before: true },
  { name: 'medium word (0.1%)', q: 'موعدنا' },
  { name: 'rare word (20 messages), with article, other spelling', q: 'زمرده' },
  { name: 'two words (common & medium)', q: 'مرحبا موعد' },
  { name: 'no such word', q: 'ظظظظظ' },
];

const report: string[] = [];
for (const entry of cases) {
  const tsquery = toPrefixTsQuery(searchTerms(entry.q));
  let before: number | null = null;
  if (entry.before) {
    const first = await client.query(PLAIN, [ROOM, tsquery, null]);
    before = Number(first.rows.at(-1)?.id ?? null);
  }
  const params = [ROOM, tsquery, before];
  explain = false;
  await appSearch(params); // warm
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    rows = (await appSearch(params)).rows;
    times.push(performance.now() - started);
  }
  explain = true;
  const { plans } = await appSearch(params);
  // The plain query, once, timed out after 5 s: what the two steps avoid.
  await client.query(`SET statement_timeout = 5000`);
  const plainStarted = performance.now();
  let plain: string;
  try {
    await client.query(PLAIN, params);
    plain = `${(performance.now() - plainStarted).toFixed(1)} ms`;
  } catch {
    plain = '> 5 s (cancelled)';
  }
  await client.query(`SET statement_timeout = 0`);
  const line = `${entry.name} «${entry.q}» → ${tsquery}: ${rows} rows, p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms (one plain query: ${plain})`;
  console.log(line);
  report.push(`### ${line}\n\n${plans.map((p) => `\`\`\`\n${p.join('\n')}\n\`\`\``).join('\n\n')}\n`);
}
console.log(`\n${report.join('\n')}`);

if (!keep) await client.query(`DROP SCHEMA ${SCHEMA} CASCADE`);
await client.end();
