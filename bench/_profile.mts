// probe: load the app server (PG) and account CPU per process; optional --cpu-prof of the server
import { spawn, execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import autocannon from 'autocannon';
import { createIdentity } from '../services/identity';
const BOT = '7000000001:AAHbenchTokenForTheTarotAppBench_0123456';
const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
const mode = process.argv[2] ?? 'app';
const prof = process.argv.includes('--prof');
const conns = Number(process.env.CONNS ?? 50);
const name = `taro_probe_${crypto.randomBytes(4).toString('hex')}`;
let c = new pg.Client(admin); await c.connect(); await c.query(`create database ${name}`); await c.end();
const url = new URL(admin); url.pathname = '/' + name;
const ticks = () => { // utime+stime of every process, by command name
  const out: Record<string, number> = {};
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const st = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = st.slice(st.indexOf('(') + 1, st.lastIndexOf(')'));
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      const key = pid === String(process.pid) ? 'loadgen(self)' : comm.startsWith('postgres') ? 'postgres' : comm;
      out[key] = (out[key] ?? 0) + Number(f[11]) + Number(f[12]);
    } catch {}
  }
  return out;
};
const child = spawn('node', [...(prof ? ['--cpu-prof', '--cpu-prof-dir=/tmp/probe/prof'] : []), '--import', 'tsx', 'bench/lib/server.ts', mode], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', BOT_TOKEN: BOT, DATABASE_URL: url.toString() }, stdio: ['ignore', 'pipe', 'inherit'],
});
const port: number = await new Promise((r) => child.stdout.once('data', (d) => r(JSON.parse(String(d)).port)));
const auth = `tma ${createIdentity({ botToken: BOT, maxAgeS: 86400 }).signInitData({ id: 700000001, first_name: 'Bench' })}`;
const path = mode === 'hello' ? '/' : process.env.PATH_ ?? '/api/user/status';
console.log((await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: auth } })).status);
await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: conns, duration: 2, headers: { authorization: auth } });
const before = ticks();
const r = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: conns, duration: 10, headers: { authorization: auth } });
const after = ticks();
const hz = 100;
console.log(path, 'rps', Math.round(r.requests.average), 'non2xx', r.non2xx, 'p50', r.latency.p50);
for (const k of Object.keys(after)) { const d = (after[k] - (before[k] ?? 0)) / hz / r.duration; if (d > 0.02) console.log(`  ${k}: ${(d * 100).toFixed(0)}% of a core`); }
child.kill('SIGTERM');
await new Promise((r) => child.on('exit', r));
c = new pg.Client(admin); await c.connect(); await c.query(`drop database ${name} with (force)`); await c.end();
