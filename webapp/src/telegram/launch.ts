// Launch parameters arrive in the URL hash (#tgWebAppData=…). They are read and kept before the router
// touches the URL, and survive reloads in sessionStorage.
const STORAGE_KEY = 'telegramInitData';

export interface LaunchParams {
  initData: string | null;
  platform: string | null;
  themeParams: Record<string, string>;
  startParam: string | null;
}

let cached: LaunchParams | null = null;

export function readLaunchParams(): LaunchParams {
  if (cached) return cached;
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const tg = (window as { Telegram?: { WebApp?: { initData?: string } } }).Telegram?.WebApp;
  let initData = hash.get('tgWebAppData') || tg?.initData || null;
  if (initData) sessionStorage.setItem(STORAGE_KEY, initData);
  else initData = sessionStorage.getItem(STORAGE_KEY);
  let themeParams: Record<string, string> = {};
  try {
    themeParams = JSON.parse(hash.get('tgWebAppThemeParams') ?? '{}');
  } catch {
    themeParams = {};
  }
  cached = {
    initData,
    platform: hash.get('tgWebAppPlatform'),
    themeParams,
    startParam: hash.get('tgWebAppStartParam'),
  };
  if (hash.has('tgWebAppData')) {
    // Drop the launch data from the visible URL; the router works on the path.
    history.replaceState(history.state, '', window.location.pathname + window.location.search);
  }
  return cached;
}

/** Exposes Telegram's theme as --tg-theme-* CSS variables (also outside Telegram, from the hash). */
export function applyTheme(theme: Record<string, string>) {
  const root = document.documentElement.style;
  for (const [key, value] of Object.entries(theme)) {
    if (typeof value === 'string' && /^#[0-9a-f]{3,8}$/i.test(value)) root.setProperty(`--tg-theme-${key.replace(/_/g, '-')}`, value);
  }
}
