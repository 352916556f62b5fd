// The always-loaded part of the debugging aids, kept tiny for the first screen: the global red error banner
// (window errors and unhandled rejections, with message, source and line) and the switch of the debug
// overlay (`debug=1` or `debug_mode=1` in the query, localStorage `debug_mode=1`, or an admin's status),
// whose code is a chunk of its own loaded only when it is switched on.
import { captureConsole, stringify } from './console-lines';

let enabled = false;

/** True once the overlay was switched on (the micro result polls its debug status then). */
export function debugEnabled(): boolean {
  return enabled;
}

/** Switches the overlay on (once): starts keeping console lines and loads the overlay's chunk. */
export function enableDebug() {
  if (enabled) return;
  enabled = true;
  captureConsole();
  import('./DebugOverlay').then((m) => m.mountDebugOverlay()).catch(() => {});
}

function flagged(): boolean {
  const q = new URLSearchParams(window.location.search);
  try {
    if (q.get('debug_mode') === '1') localStorage.setItem('debug_mode', '1');
    if (q.get('debug_mode') === '0') localStorage.removeItem('debug_mode');
    return q.get('debug') === '1' || q.get('debug_mode') === '1' || localStorage.getItem('debug_mode') === '1';
  } catch {
    return q.get('debug') === '1' || q.get('debug_mode') === '1';
  }
}

/** The red banner: message, source and line of an uncaught error; a tap on ✕ hides it. */
export function showErrorBanner(message: string, source?: string, line?: number) {
  let box = document.getElementById('error-banner');
  if (!box) {
    box = document.createElement('div');
    box.id = 'error-banner';
    box.setAttribute('role', 'alert');
    box.dataset.testid = 'error-banner';
    box.style.cssText =
      'position:fixed;left:0;right:0;top:0;z-index:1000;padding:10px 56px 10px 12px;background:#b3261e;color:#fff;font:13px/1.4 system-ui,sans-serif;max-height:40vh;overflow:auto;word-break:break-word';
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = '✕';
    close.setAttribute('aria-label', 'Скрыть ошибку');
    close.style.cssText =
      'position:absolute;right:4px;top:4px;width:44px;height:44px;border:0;border-radius:8px;background:rgba(0,0,0,0.25);color:#fff;font-size:16px';
    close.onclick = () => box!.remove();
    box.append(close);
    document.body.append(box);
  }
  const entry = document.createElement('p');
  entry.style.margin = '0 0 4px';
  entry.dataset.testid = 'error-banner-entry';
  const where = ` — источник: ${source || 'неизвестен'}${line ? `, строка ${line}` : ''}`;
  entry.textContent = `Ошибка: ${message}${where}`;
  box.append(entry);
  while (box.querySelectorAll('p').length > 5) box.querySelector('p')!.remove();
}

export function startDebug() {
  window.addEventListener('error', (e) => {
    // A resource that failed to load (an image) has no message: not a script error.
    if (!e.message) return;
    showErrorBanner(e.message, e.filename || undefined, e.lineno || undefined);
  });
  window.addEventListener('unhandledrejection', (e) => {
    const r = e.reason as { message?: string; stack?: string } | undefined;
    const message = r?.message ?? stringify(e.reason);
    // The first frame of the stack names the source and line when there is one.
    const frame = /\(?((?:https?:\/\/)?[^\s()]+?):(\d+):\d+\)?/.exec((r?.stack ?? '').split('\n').slice(1).join('\n'));
    showErrorBanner(`Необработанная ошибка промиса: ${message}`, frame?.[1], frame ? Number(frame[2]) : undefined);
  });
  if (flagged()) enableDebug();
}
