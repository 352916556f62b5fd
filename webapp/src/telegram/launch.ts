// Launch parameters arrive in the URL hash (#tgWebAppData=…). This tiny reader runs before the router and
// before the (lazily loaded) Telegram SDK, so the first screen can call the API at once; initData survives
// reloads in sessionStorage. The SDK itself (init.ts) reads the same parameters when it loads.
const STORAGE_KEY = 'telegramInitData';
const THEME_KEY = 'telegramThemeParams';

export interface LaunchParams {
  initData: string | null;
  platform: string | null;
  themeParams: Record<string, string>;
  startParam: string | null;
  /**
   * A reply-keyboard launch has no initData: its URL carries the server's signed token (?launch=lt1.…), and a
   * card payment's return carries a single-use one (#return=…). Both are exchanged at load for a token kept
   * in memory (auth/session.ts) and leave the address bar.
   */
  launchToken: string | null;
  returnToken: string | null;
  /** The user's first name as initData carries it: the greeting shows it before any API call answers. */
  firstName: string | null;
}

function firstNameOf(initData: string | null): string | null {
  try {
    const user = JSON.parse(new URLSearchParams(initData ?? '').get('user') ?? 'null') as { first_name?: unknown } | null;
    return typeof user?.first_name === 'string' && user.first_name.trim() ? user.first_name : null;
  } catch {
    return null;
  }
}

let cached: LaunchParams | null = null;

/**
 * True inside a Telegram client: a native webview exposes a bridge object, Telegram Web embeds the app in
 * an iframe. A plain browser tab opened through /dev/launch has launch parameters but no bridge.
 */
export function insideTelegram(): boolean {
  const w = window as unknown as { TelegramWebviewProxy?: { postEvent?: unknown }; external?: { notify?: unknown } };
  if (typeof w.TelegramWebviewProxy?.postEvent === 'function') return true;
  if (typeof w.external?.notify === 'function') return true;
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

export function readLaunchParams(): LaunchParams {
  if (cached) return cached;
  const hash = new URLSearchParams(window.location.hash.slice(1));
  let initData = hash.get('tgWebAppData');
  try {
    if (initData) sessionStorage.setItem(STORAGE_KEY, initData);
    else initData = sessionStorage.getItem(STORAGE_KEY);
  } catch {
    /* storage disabled: keep what the hash gave */
  }
  let themeParams: Record<string, string> = {};
  try {
    const raw = hash.get('tgWebAppThemeParams');
    if (raw) sessionStorage.setItem(THEME_KEY, raw);
    themeParams = JSON.parse(raw ?? sessionStorage.getItem(THEME_KEY) ?? '{}');
  } catch {
    themeParams = {};
  }
  cached = {
    initData,
    platform: hash.get('tgWebAppPlatform'),
    themeParams,
    startParam: hash.get('tgWebAppStartParam'),
    launchToken: readLaunchToken(),
    returnToken: /^[\w-]{43}$/.test(hash.get('return') ?? '') ? hash.get('return') : null,
    firstName: firstNameOf(initData),
  };
  // Inside Telegram the SDK reads the hash when it loads and then clears it (init.ts); in a browser tab
  // nothing else needs it, so the launch data leaves the visible URL now.
  if (hash.has('tgWebAppData') && !insideTelegram()) clearLaunchHash();
  return cached;
}

function readLaunchToken(): string | null {
  const fromUrl = new URLSearchParams(window.location.search).get('launch');
  return fromUrl && /^lt1\.[\w.-]{1,200}$/.test(fromUrl) ? fromUrl : null;
}

/** Drops the launch and return tokens from the visible URL (and so from history and any referrer). */
export function clearUrlTokens() {
  const url = new URL(window.location.href);
  const hash = new URLSearchParams(url.hash.slice(1));
  if (!url.searchParams.has('launch') && !hash.has('return')) return;
  url.searchParams.delete('launch');
  hash.delete('return');
  const rest = hash.toString();
  history.replaceState(history.state, '', url.pathname + url.search + (rest ? `#${rest}` : ''));
}

/** Drops the launch data from the visible URL; the router works on the path and query only. */
export function clearLaunchHash() {
  if (!window.location.hash) return;
  history.replaceState(history.state, '', window.location.pathname + window.location.search);
}

/** Exposes Telegram's theme as --tg-theme-* CSS variables at once (the SDK keeps them bound later). */
export function applyTheme(theme: Record<string, string>) {
  const root = document.documentElement;
  for (const [key, value] of Object.entries(theme)) {
    if (typeof value === 'string' && /^#[0-9a-f]{3,8}$/i.test(value)) root.style.setProperty(`--tg-theme-${key.replace(/_/g, '-')}`, value);
  }
  const bg = theme.bg_color;
  if (bg) root.dataset.theme = isDark(bg) ? 'dark' : 'light';
  // In a browser Telegram gives no theme: the system's light or dark.
  else if (typeof matchMedia === 'function') root.dataset.theme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function isDark(hex: string): boolean {
  const h = hex.replace('#', '');
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h.slice(0, 6);
  const n = parseInt(full, 16);
  if (Number.isNaN(n)) return false;
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b < 128;
}
