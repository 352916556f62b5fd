// The app's side of Telegram: hooks the pages use for the Back button, the Main button, haptics and
// ready(). Inside Telegram they drive the SDK (loaded lazily from init.ts); in a plain browser, or when the
// SDK could not load, they report "not native" and the pages show their own on-page buttons.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { insideTelegram } from './launch';

export type HapticKind = 'draw' | 'reveal' | 'select' | 'success' | 'error';

export interface MainButtonParams {
  text: string;
  visible: boolean;
  enabled: boolean;
  loading?: boolean;
}

export interface TelegramUi {
  showBackButton(onClick: () => void): () => void;
  setMainButton(params: MainButtonParams): void;
  hideMainButton(): void;
  onMainButtonClick(listener: () => void): () => void;
  haptic(kind: HapticKind): void;
  ready(): void;
}

type Mode = 'native' | 'browser';

let ui: TelegramUi | null = null;
// Inside Telegram the pages hide their own primary/back buttons from the start (no flicker while the SDK
// chunk loads); should the SDK fail to load they come back.
let mode: Mode = 'browser';
let readyWanted = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Loads and mounts the SDK when running inside Telegram; a no-op in a browser tab. */
export function startTelegram(load: () => Promise<{ initTelegram: () => TelegramUi }>): void {
  if (!insideTelegram()) return;
  mode = 'native';
  load()
    .then((m) => {
      ui = m.initTelegram();
      if (readyWanted) ui.ready();
    })
    .catch((err) => {
      console.warn('Telegram SDK unavailable, using on-page buttons:', err);
      ui = null;
      mode = 'browser';
    })
    .finally(emit);
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** 'native' when Telegram's own Back and Main buttons are used. */
export function useTelegramMode(): Mode {
  return useSyncExternalStore(
    subscribe,
    () => mode,
    () => 'browser',
  );
}

function useUi(): TelegramUi | null {
  return useSyncExternalStore(
    subscribe,
    () => ui,
    () => null,
  );
}

/** Telegram's ready(): once, after the first meaningful render. */
export function markReady() {
  if (readyWanted) return;
  readyWanted = true;
  ui?.ready();
}

export function haptic(kind: HapticKind) {
  try {
    ui?.haptic(kind);
  } catch {
    /* haptics are a nicety */
  }
}

// Who owns the Back button: the latest of the mounted screens and overlays (a zoomed card over its page).
// One subscription to Telegram's button; a press goes to the top of the stack only.
const backStack: { current: (() => void) | null }[] = [];
let backOff: (() => void) | null = null;

function syncBackButton() {
  if (ui && backStack.length > 0 && !backOff) backOff = ui.showBackButton(() => backStack[backStack.length - 1]?.current?.());
  else if (backOff && (!ui || backStack.length === 0)) {
    backOff();
    backOff = null;
  }
}

/** Shows Telegram's Back button while the page is mounted; true when it is used (hide the on-page one). */
export function useBackButton(onBack: (() => void) | null): boolean {
  const current = useUi();
  const m = useTelegramMode();
  const ref = useRef(onBack);
  ref.current = onBack;
  const wanted = onBack !== null;
  useEffect(() => {
    if (!wanted) return;
    backStack.push(ref);
    syncBackButton();
    return () => {
      const i = backStack.lastIndexOf(ref);
      if (i !== -1) backStack.splice(i, 1);
      syncBackButton();
    };
  }, [wanted]);
  useEffect(() => {
    syncBackButton();
  }, [current]);
  return m === 'native' && wanted;
}

/**
 * Drives Telegram's Main button with the page's primary action; true when it is used (hide the on-page
 * button). Pass null for a page without one.
 */
export function useMainButton(params: (MainButtonParams & { onClick: () => void }) | null): boolean {
  const current = useUi();
  const m = useTelegramMode();
  const click = useRef(params?.onClick);
  click.current = params?.onClick;
  const text = params?.text ?? '';
  const visible = params?.visible ?? false;
  const enabled = params?.enabled ?? false;
  const loading = params?.loading ?? false;
  const present = params !== null;

  useEffect(() => {
    if (!current || !present) return;
    const off = current.onMainButtonClick(() => click.current?.());
    return () => {
      off();
      current.hideMainButton();
    };
  }, [current, present]);

  useEffect(() => {
    if (!current || !present) return;
    current.setMainButton({ text, visible, enabled, loading });
  }, [current, present, text, visible, enabled, loading]);

  return m === 'native' && present;
}
