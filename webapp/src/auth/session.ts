// How this page is signed in: Telegram's initData, a token kept in memory (what a launch or return token
// from the URL was exchanged for), or the browser session's cookie (sent by the browser itself).
import { readLaunchParams } from '../telegram/launch';

let memoryToken: string | null = null;

export const setSessionToken = (token: string) => {
  memoryToken = token;
};

/** Opened by a push's button (?startapp=push_daily): its initData has no start parameter, so it goes beside. */
const pushEntry = /^push_[a-z_]{1,40}$/.exec(
  new URLSearchParams(typeof location === 'undefined' ? '' : location.search).get('startapp') ?? '',
)?.[0];

/** The Authorization header for this page; empty when the cookie (if any) speaks for it. */
export function authorizationHeader(): Record<string, string> {
  const { initData } = readLaunchParams();
  if (initData) return pushEntry ? { Authorization: `tma ${initData}`, 'X-Start-Param': pushEntry } : { Authorization: `tma ${initData}` };
  if (memoryToken) return { Authorization: `Bearer ${memoryToken}` };
  return {};
}
