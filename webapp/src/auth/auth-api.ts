// The sign-in calls (the Login Widget, the bot's link, exchanging a URL token) and the browser sessions.
import { mutate } from 'swr';
import type { LoginWidgetData } from '../../../domain/app/login-widget';
import { ApiError, call, client, getStatus } from '../api';
import { keys } from '../data';
import { clearUrlTokens, readLaunchParams } from '../telegram/launch';
import { setSessionToken } from './session';

export const signInWithWidget = (fields: LoginWidgetData) => call(client.auth['telegram-login'].$post({ json: fields }));
export const signInWithLink = (token: string) => call(client.auth.link.$post({ json: { token } }));

/** Where the sign-in page sends the user: the bot's link, the Login Widget's bot, or local mode's stand-in. */
export const getBotLink = () => call(client['bot-link'].$get());

/** Local mode's stand-in for the Login Widget: the fields Telegram would sign for this user (/dev, not /api). */
export async function localLoginWidgetData(user: string, name: string): Promise<LoginWidgetData> {
  const res = await fetch(`/dev/login-widget?${new URLSearchParams({ user, name })}`);
  if (!res.ok) throw new ApiError(res.status, 'Не удалось войти, попробуйте ещё раз');
  return (await res.json()) as LoginWidgetData;
}

/** Exchanges a launch or return token from the URL for one kept in memory. */
export async function exchangeToken(token: string): Promise<void> {
  const { token: session } = await call(client.auth.exchange.$post({ json: { token } }));
  setSessionToken(session);
}

export const listSessions = () => call(client.auth.sessions.$get());
export const endSession = (id: string) => call(client.auth.sessions[':id'].$delete({ param: { id } }));
export const endAllSessions = () => call(client.auth.sessions.$delete());
export const signOut = () => call(client.auth.logout.$post());

export type SignInState = 'ready' | 'outside' | 'refused';

/**
 * Outside Telegram's initData: a launch or return token in the URL is exchanged (and leaves the address
 * bar), else the browser session's cookie is tried with the status the home screen shows anyway.
 */
export async function resolveSignIn(): Promise<SignInState> {
  const { launchToken, returnToken } = readLaunchParams();
  const token = launchToken ?? returnToken;
  let refused = false;
  if (token) {
    try {
      await exchangeToken(token);
      return 'ready';
    } catch (e) {
      refused = e instanceof ApiError && e.status === 401;
      if (!refused) return 'ready'; // offline: the screens show their own error and «Повторить»
    } finally {
      clearUrlTokens();
    }
  }
  try {
    const status = await getStatus();
    await mutate(keys.status, status, { revalidate: false });
    return 'ready';
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return refused ? 'refused' : 'outside';
    return 'ready';
  }
}
