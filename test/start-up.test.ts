// Start-up as a process: the built server (dist/server/start.js, what `npm start` runs) refuses a
// configuration it cannot run with, in one line, before it opens anything.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_BUNDLE } from '../scripts/server-build.mjs';

const start = (env: Record<string, string>) =>
  spawnSync(process.execPath, [SERVER_BUNDLE], {
    cwd: path.join(import.meta.dirname, '..'),
    encoding: 'utf8',
    timeout: 30_000,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: 'memory://', ...env },
  });

describe('start-up (the built server as a process)', () => {
  it('refuses webhook mode without WEBHOOK_SECRET with one line naming it, and exits 1', () => {
    const r = start({ BOT_TOKEN: '123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345', PUBLIC_URL: 'https://tarot.example.com' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^Invalid environment variable WEBHOOK_SECRET: required in webhook mode[^\n]*$/);
  }, 40_000);

  it('refuses local mode (no BOT_TOKEN) on an address other machines reach, as the Docker image sets it', () => {
    const r = start({ HOST: '0.0.0.0', NODE_ENV: 'production' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^Invalid environment variable HOST: "0\.0\.0\.0" is not a loopback address[^\n]*$/);
  }, 40_000);
});
