// Reused in-memory PGlites for the tests of one process (the unit project sets TEST_PGLITE_REUSE=1): opening
// a PGlite, even from the migrated copy, costs most of a CPU-second, while emptying one that a closed test
// database used costs a few milliseconds. A closed database goes back to its migrated, empty state (every
// table emptied and its identities restarted, the rows the migrations wrote put back, the session's settings
// and prepared statements discarded) and waits for the next test database of the process. One whose schema a
// test changed is closed instead, so no reused database ever differs from a fresh copy.
import type { PGlite } from '@electric-sql/pglite';

/** What a fresh copy holds: its schema's fingerprint, and the rows of the tables the migrations filled. */
interface Baseline {
  fingerprint: string;
  tables: string[];
  seeded: { table: string; columns: string; rows: string }[];
  sequences: { name: string; value: string | null; called: boolean }[];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

// Everything a test could change in the schema: relations (tables, indexes, sequences, views), columns,
// functions, triggers, types and schemas outside PostgreSQL's own.
const FINGERPRINT = `
  select md5(coalesce(string_agg(x, ',' order by x), '')) as fingerprint from (
    select 'rel:' || n.nspname || '.' || c.relname || ':' || c.relkind::text as x
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
    union all select 'col:' || c.relname || '.' || a.attname || ':' || a.atttypid::text || a.attnotnull::text
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
    union all select 'fn:' || n.nspname || '.' || p.proname
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname not in ('pg_catalog', 'information_schema')
    union all select 'trigger:' || tgname from pg_trigger where not tgisinternal
    union all select 'type:' || t.typname
      from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'public'
    union all select 'ns:' || nspname from pg_namespace where nspname not like 'pg\\_%'
  ) s`;

async function fingerprint(pglite: PGlite): Promise<string> {
  return (await pglite.query<{ fingerprint: string }>(FINGERPRINT)).rows[0].fingerprint;
}

async function readBaseline(pglite: PGlite): Promise<Baseline> {
  const tables = (
    await pglite.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`)
  ).rows.map((r) => r.name);
  const seeded: Baseline['seeded'] = [];
  for (const table of tables) {
    const { rows } = await pglite.query<{ rows: string | null }>(`select json_agg(t)::text as rows from ${quote(table)} t`);
    if (!rows[0].rows) continue;
    const cols = await pglite.query<{ name: string }>(
      `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      [quote(table)],
    );
    seeded.push({ table, columns: cols.rows.map((c) => quote(c.name)).join(', '), rows: rows[0].rows });
  }
  const sequences: Baseline['sequences'] = [];
  const seqs = await pglite.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name from pg_sequences`,
  );
  for (const { name } of seqs.rows) {
    const { rows } = await pglite.query<{ value: string | null; called: boolean }>(
      `select last_value::text as value, is_called as called from ${name}`,
    );
    sequences.push({ name, ...rows[0] });
  }
  return { fingerprint: await fingerprint(pglite), tables, seeded, sequences };
}

let baseline: Baseline | undefined;
const idle: PGlite[] = [];
/** PGlites this process opened, handed out again, and closed for a changed schema (for its own test). */
export const reuseCounts = { opened: 0, reused: 0, discarded: 0 };

/** Back to the migrated, empty state; false when the schema differs from a fresh copy's. */
async function reset(pglite: PGlite, b: Baseline): Promise<boolean> {
  // A transaction left open by a test that failed half-way would hold the rest.
  await pglite.exec('rollback').catch(() => {});
  await pglite.exec('discard all');
  if ((await fingerprint(pglite)) !== b.fingerprint) return false;
  // Emptied by DELETE with the foreign keys' triggers off (replica role): TRUNCATE gives every table new files,
  // about ten times the cost, and a test's tables hold a few rows. The sequences are put back below.
  const seeded = new Set(b.seeded.map((s) => s.table));
  const plain = b.tables.filter((t) => !seeded.has(t)).map((t) => `delete from ${quote(t)};`);
  await pglite.exec(`set session_replication_role = replica; ${plain.join(' ')} set session_replication_role = default`);
  for (const s of b.seeded) {
    const { rows } = await pglite.query<{ rows: string | null }>(`select json_agg(t)::text as rows from ${quote(s.table)} t`);
    if (rows[0].rows === s.rows) continue;
    await pglite.exec(`set session_replication_role = replica; delete from ${quote(s.table)}; set session_replication_role = default`);
    await pglite.query(
      `insert into ${quote(s.table)} (${s.columns}) overriding system value select ${s.columns} from json_populate_recordset(null::${quote(s.table)}, $1)`,
      [s.rows],
    );
  }
  // Every sequence as it was (a table emptied by its test still moved its identity).
  const sequences = b.sequences.map((s) =>
    s.value === null ? `alter sequence ${s.name} restart` : `select setval('${s.name}', ${Number(s.value)}, ${s.called})`,
  );
  if (sequences.length) await pglite.exec(sequences.join(';\n'));
  return true;
}

/** Idle databases kept at most: a file opens up to a few at once, and each holds tens of megabytes. */
const MAX_IDLE = 4;

/**
 * A test database's PGlite: an emptied one a closed test database left, or a fresh one from `open`. Its
 * close() empties it for the next one instead of closing it.
 */
export async function reusablePglite(open: () => Promise<PGlite>): Promise<PGlite> {
  let pglite = idle.pop();
  if (pglite) reuseCounts.reused++;
  else {
    pglite = await open();
    reuseCounts.opened++;
    baseline ??= await readBaseline(pglite);
  }
  const target = pglite;
  return new Proxy(target, {
    get(_, prop) {
      if (prop === 'close') return () => release(target);
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function release(pglite: PGlite): Promise<void> {
  if (idle.length < MAX_IDLE && baseline) {
    if (await reset(pglite, baseline).catch(() => false)) {
      idle.push(pglite);
      return;
    }
    reuseCounts.discarded++;
  }
  await pglite.close();
}
