// The verified Authorization header is remembered (services/identity.ts): a token checked once must still
// stop working the moment it expires, and a changed header is checked afresh. (initData's age is checked by
// its library against the real clock, so its expiry is api/auth.test.ts's.)
import { describe, expect, it } from 'vitest';
import { createIdentity } from './identity';

const BOT_TOKEN = '7000000001:AAHidentityTestToken_abcdefghijklmnopqrstu';

function clocked(startMs: number) {
  let nowMs = startMs;
  const identity = createIdentity({ botToken: BOT_TOKEN, maxAgeS: 3600, now: () => new Date(nowMs) });
  return { identity, advance: (ms: number) => void (nowMs += ms) };
}

describe('a remembered Authorization header', () => {
  it('a session token: valid through its expiry second, refused after it', () => {
    const { identity, advance } = clocked(Date.UTC(2026, 11, 7, 12));
    const header = `Bearer ${identity.signSessionToken(7, 60, 3)}`;
    const first = identity.verifyAuthorization(header);
    expect(first.ok && [first.identity.userId, first.identity.via, first.identity.generation]).toEqual([7, 'sessionToken', 3]);
    advance(60_000);
    expect(identity.verifyAuthorization(header).ok).toBe(true);
    advance(1);
    expect(identity.verifyAuthorization(header)).toEqual({ ok: false, error: 'token: срок действия истёк, откройте приложение заново' });
  });

  it('a header differing by one character is checked, not taken from memory', () => {
    const { identity } = clocked(Date.UTC(2026, 11, 7, 12));
    const token = identity.signSessionToken(7, 60);
    expect(identity.verifyAuthorization(`Bearer ${token}`).ok).toBe(true);
    const forged = `Bearer ${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(identity.verifyAuthorization(forged)).toEqual({ ok: false, error: 'token: подпись неверна' });
  });
});
