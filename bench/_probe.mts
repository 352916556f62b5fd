import crypto from 'node:crypto';
import pg from 'pg';
import { createIdentity } from '../services/identity';
import { connectDatabase, migrateToLatest } from '../db/connection';
import { createServices } from '../services';
import * as usersRepo from '../db/repositories/users';
import { buildStatus, profileView } from '../services/users';

const BOT = '7000000001:AAHbenchTokenForTheTarotAppBench_0123456';
const idn = createIdentity({ botToken: BOT, maxAgeS: 86400 });
const auth = `tma ${idn.signInitData({ id: 700000001, first_name: 'Bench' })}`;

function timeSync(name: string, n: number, f: () => unknown) {
  for (let i = 0; i < 2000; i++) f();
  const t = performance.now();
  for (let i = 0; i < n; i++) f();
  console.log(name, ((performance.now() - t) * 1000 / n).toFixed(1), 'µs/op');
}
async function timeAsync(name: string, n: number, conc: number, f: () => Promise<unknown>) {
  for (let i = 0; i < 500; i++) await f();
  const t = performance.now();
  let left = n;
  await Promise.all(Array.from({ length: conc }, async () => { while (left-- > 0) await f(); }));
  const ms = performance.now() - t;
  console.log(name, `conc ${conc}:`, ((ms * 1000) / n).toFixed(1), 'µs/op =', Math.round(n / ms * 1000), 'ops/s');
}

timeSync('verifyAuthorization', 20000, () => idn.verifyAuthorization(auth));
const params = new URLSearchParams(auth.slice(4));
const { validate } = await import('@tma.js/init-data-node');
timeSync('  @tma.js validate only', 20000, () => validate(params, BOT, { expiresIn: 86400 }));
timeSync('  hmac x2 only', 20000, () => { const k = crypto.createHmac('sha256', 'WebAppData').update(BOT).digest(); crypto.createHmac('sha256', k).update(auth).digest('hex'); });

const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `taro_probe_${crypto.randomBytes(4).toString('hex')}`;
let c = new pg.Client(admin); await c.connect(); await c.query(`create database ${name}`); await c.end();
const url = new URL(admin); url.pathname = '/' + name;
const h = await connectDatabase({ databaseUrl: url.toString(), dataDir: '' });
try {
  await migrateToLatest(h.db);
  const s = createServices({ db: h.db, clock: () => new Date(), randomInt: (m) => crypto.randomInt(m), defaultTimeZone: 'Europe/Moscow', specialAccessUserIds: [], mockPayments: true });
  await s.users.touchProfile({ id: 700000001, first_name: 'Bench' });
  const found = (await usersRepo.findUserWithLatestUsage(h.db, 700000001))!;
  timeSync('buildStatus', 20000, () => buildStatus(found.user, found.usage, new Date(), []));
  timeSync('touchProfile (cached) sync part', 20000, () => s.users.touchProfile({ id: 700000001, first_name: 'Bench' }));
  timeSync('JSON.stringify body', 20000, () => JSON.stringify({ success: true, data: { user: profileView(found.user), userStatus: buildStatus(found.user, found.usage, new Date(), []) } }));
  const q = h.db.selectFrom('users as u').selectAll('u').where('u.id', '=', 1);
  timeSync('kysely compile (simple)', 20000, () => q.compile());
  for (const conc of [1, 10, 50]) await timeAsync('findUserWithLatestUsage', 20000, conc, () => usersRepo.findUserWithLatestUsage(h.db, 700000001));
  for (const conc of [1, 10, 50]) await timeAsync('select 1 via kysely pool', 20000, conc, () => h.db.selectNoFrom((eb) => eb.lit(1).as('x')).execute());
  const compiled = usersRepo.findUserWithLatestUsage.toString();
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  for (const conc of [1, 10, 50]) await timeAsync('raw pg select 1', 20000, conc, () => pool.query('select 1'));
  await pool.end();
  for (const conc of [1, 10, 50]) await timeAsync('status service', 20000, conc, () => s.users.status(700000001));
} finally {
  await h.db.destroy();
  c = new pg.Client(admin); await c.connect(); await c.query(`drop database ${name} with (force)`); await c.end();
}
