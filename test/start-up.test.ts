// Start-up as a process: main.ts refuses a configuration it cannot run with, in one line, before it opens
// anything.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('start-up (main.ts as a process)', () => {
  it('refuses webhook mode without WEBHOOK_SECRET with one line naming it, and exits 1', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'main.ts'], {
      cwd: path.join(import.meta.dirname, '..'),
      encoding: 'utf8',
      timeout: 30_000,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, BOT_TOKEN: '123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345', PUBLIC_URL: 'https://tarot.example.com', DATA_DIR: 'memory://' },
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^Invalid environment variable WEBHOOK_SECRET: required in webhook mode[^\n]*$/);
  }, 40_000);
});
