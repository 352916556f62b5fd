import fs from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
let start = (() => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; })();
let wall = Date.now();
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };

afterAll(() => {
  const file = expect.getState().testPath ?? 'unknown';
  try { fs.appendFileSync(process.env.CPU_LOG ?? '/tmp/suite/cpu.log', JSON.stringify({ file, cpu: cpu() - start, wall: Date.now() - wall, pid: process.pid }) + '\n'); } catch (e) { console.error('CPULOG', e); }
});
