// The deployment files: docker-compose.yml must be accepted by `docker compose config` (or Debian's
// docker-compose), with the database's volume and health check and the app restarting on failure.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function composeCommand(): string[] | null {
  if (spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0) return ['docker', 'compose'];
  if (spawnSync('docker-compose', ['version'], { encoding: 'utf8' }).status === 0) return ['docker-compose'];
  return null;
}

const compose = composeCommand();
if (!compose) console.warn('Skipping the compose check: neither `docker compose` nor `docker-compose` is installed.');

describe.runIf(compose)('docker-compose.yml', () => {
  const env = {
    ...process.env,
    BOT_TOKEN: '123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345',
    PUBLIC_URL: 'https://tarot.example.com',
    WEBHOOK_SECRET: 'secret_1',
  };

  it('is accepted by compose config and wires PostgreSQL with a volume and a health check', () => {
    const r = spawnSync(compose![0], [...compose!.slice(1), 'config'], { encoding: 'utf8', env });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/pg_isready/);
    expect(r.stdout).toMatch(/pgdata/);
    expect(r.stdout).toMatch(/restart: on-failure/);
    expect(r.stdout).toMatch(/BOT_MODE: webhook/);
  });

  it('refuses to start without the bot token', () => {
    const { BOT_TOKEN: _omit, ...rest } = env;
    const r = spawnSync(compose![0], [...compose!.slice(1), 'config'], { encoding: 'utf8', env: rest });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/BOT_TOKEN/);
  });

  it('refuses to start without the webhook secret (forged updates could grant plans)', () => {
    const { WEBHOOK_SECRET: _omit, ...rest } = env;
    const r = spawnSync(compose![0], [...compose!.slice(1), 'config'], { encoding: 'utf8', env: rest });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/WEBHOOK_SECRET/);
  });
});
