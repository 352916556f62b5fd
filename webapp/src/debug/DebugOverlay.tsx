// The debug overlay (its own chunk, loaded only when debugging is on): the web app's information refreshed
// every 3 s and the last 100 console lines. Fixed dark colours, so it reads the same on either theme.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { insideTelegram, readLaunchParams } from '../telegram/launch';
import { CONSOLE_LINES, consoleLines } from './console-lines';

export const REFRESH_MS = 3000;

function userIdOf(initData: string | null): string {
  if (!initData) return '—';
  try {
    const user = JSON.parse(new URLSearchParams(initData).get('user') ?? '{}') as { id?: number };
    return user.id ? String(user.id) : '—';
  } catch {
    return '—';
  }
}

function webAppInfo(): [string, string][] {
  const launch = readLaunchParams();
  const tg = (window as unknown as { Telegram?: { WebApp?: { version?: string; platform?: string; colorScheme?: string } } }).Telegram
    ?.WebApp;
  return [
    ['Время', new Date().toLocaleTimeString('ru-RU', { hour12: false })],
    ['Экран', window.location.pathname + window.location.search],
    ['Внутри Telegram', insideTelegram() ? 'да' : 'нет'],
    ['Платформа', tg?.platform ?? launch.platform ?? '—'],
    ['Версия WebApp', tg?.version ?? '—'],
    ['Пользователь', userIdOf(launch.initData)],
    ['initData', launch.initData ? `есть (${launch.initData.length} симв.)` : 'нет'],
    ['Токен запуска', launch.launchToken ? 'есть' : 'нет'],
    ['Start param', launch.startParam ?? '—'],
    ['Тема', document.documentElement.dataset.theme ?? tg?.colorScheme ?? 'системная'],
    ['Окно', `${window.innerWidth}×${window.innerHeight}, dpr ${window.devicePixelRatio}`],
    ['Язык', navigator.language],
    ['Часовой пояс', Intl.DateTimeFormat().resolvedOptions().timeZone ?? '—'],
    ['Сеть', navigator.onLine ? 'онлайн' : 'офлайн'],
  ];
}

export function DebugOverlay() {
  const [open, setOpen] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), REFRESH_MS);
    return () => clearInterval(t);
  }, []);
  const info = webAppInfo();
  return (
    <div className="debug-overlay" data-testid="debug-overlay" data-tick={tick}>
      <button type="button" className="debug-toggle" onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="debug-toggle">
        {open ? 'Скрыть отладку' : 'Отладка'}
      </button>
      {open && (
        <div className="debug-body" data-testid="debug-body">
          <h2>Веб-приложение</h2>
          <dl data-testid="debug-info">
            {info.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          <h2>
            Консоль (последние {CONSOLE_LINES} строк, сейчас {consoleLines.length})
          </h2>
          <pre data-testid="debug-console">{consoleLines.join('\n') || 'пусто'}</pre>
        </div>
      )}
    </div>
  );
}

const CSS = `
.debug-overlay{position:fixed;right:8px;bottom:calc(8px + var(--safe-bottom, 0px));z-index:900;max-width:calc(100vw - 16px);font:12px/1.4 ui-monospace,Menlo,monospace;color:#f5f5f5}
.debug-toggle{display:block;margin-left:auto;min-height:44px;padding:6px 12px;border:0;border-radius:8px;background:#111;color:#fff;font:inherit;opacity:.9}
.debug-body{margin-top:6px;width:min(374px,calc(100vw - 16px));max-height:60vh;overflow:auto;padding:10px;border-radius:10px;background:#111;color:#f5f5f5}
.debug-body h2{margin:6px 0 4px;font-size:12px;color:#ffd479}
.debug-body dl{margin:0}
.debug-body dl div{display:flex;gap:8px}
.debug-body dt{min-width:112px;color:#c8c8c8}
.debug-body dd{margin:0;word-break:break-all}
.debug-body pre{margin:0;white-space:pre-wrap;word-break:break-word;color:#f5f5f5}
`;

/** Mounts the overlay in a root of its own (outside the app's tree, so no screen re-renders for it). */
export function mountDebugOverlay() {
  if (document.getElementById('debug-root')) return;
  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.append(style);
  const host = document.createElement('div');
  host.id = 'debug-root';
  document.body.append(host);
  createRoot(host).render(<DebugOverlay />);
}
