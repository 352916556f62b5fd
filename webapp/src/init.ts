// The Telegram SDK, mounted once (reactjs-template habit: one init mounts the SDK and binds the theme CSS
// variables). This module is a lazy chunk: main.tsx loads it after the first render, and only inside a
// Telegram client, so the first screen does not pay for the SDK (≈25 KiB gzipped). Every call is guarded by
// its availability signal, so an older client without a feature simply does without it.
import { backButton, hapticFeedback, init, mainButton, miniApp, themeParams, viewport } from '@tma.js/sdk-react';
import { clearLaunchHash } from './telegram/launch';
import type { HapticKind, MainButtonParams, TelegramUi } from './telegram/bridge';

export function initTelegram(): TelegramUi {
  init();
  // The SDK has read the launch parameters (and kept them in sessionStorage): the URL can lose them now.
  clearLaunchHash();

  if (backButton.mount.isAvailable()) backButton.mount();
  if (mainButton.mount.isAvailable()) mainButton.mount();
  if (themeParams.mount.isAvailable()) {
    themeParams.mount();
    if (themeParams.bindCssVars.isAvailable() && !themeParams.isCssVarsBound()) themeParams.bindCssVars();
  }
  if (miniApp.mount.isAvailable()) {
    miniApp.mount();
    if (miniApp.bindCssVars.isAvailable() && !miniApp.isCssVarsBound()) miniApp.bindCssVars();
    if (miniApp.setHeaderColor.isAvailable()) miniApp.setHeaderColor('bg_color');
  }
  if (viewport.mount.isAvailable()) {
    viewport
      .mount()
      .then(() => {
        if (viewport.bindCssVars.isAvailable() && !viewport.isCssVarsBound()) viewport.bindCssVars();
      })
      .catch(() => {
        /* an old client that never answers the viewport request: the CSS fallbacks apply */
      });
  }
  if (viewport.expand.isAvailable()) viewport.expand();
  if (themeParams.isDark()) document.documentElement.dataset.theme = 'dark';
  // Telegram's light or dark as it changes while the app is open (the user's switch, night mode at dusk): the
  // bound --tg-theme-* colours follow by themselves, the app's own palette (styles/base.css) by data-theme.
  if (themeParams.isMounted())
    themeParams.isDark.sub((dark) => {
      document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    });

  let readySent = false;
  return {
    showBackButton(onClick) {
      if (!backButton.show.isAvailable()) return () => {};
      backButton.show();
      const off = backButton.onClick(onClick);
      return () => {
        off();
        if (backButton.hide.isAvailable()) backButton.hide();
      };
    },
    setMainButton(params: MainButtonParams) {
      if (!mainButton.setParams.isAvailable()) return;
      mainButton.setParams({
        text: params.text,
        isVisible: params.visible,
        isEnabled: params.enabled,
        isLoaderVisible: params.loading ?? false,
      });
    },
    hideMainButton() {
      if (mainButton.setParams.isAvailable()) mainButton.setParams({ isVisible: false, isLoaderVisible: false });
    },
    onMainButtonClick(listener) {
      if (!mainButton.onClick.isAvailable()) return () => {};
      return mainButton.onClick(listener);
    },
    haptic(kind: HapticKind) {
      if (kind === 'draw' && hapticFeedback.impactOccurred.isAvailable()) hapticFeedback.impactOccurred('medium');
      else if (kind === 'select' && hapticFeedback.selectionChanged.isAvailable()) hapticFeedback.selectionChanged();
      else if ((kind === 'reveal' || kind === 'success') && hapticFeedback.notificationOccurred.isAvailable())
        hapticFeedback.notificationOccurred('success');
      else if (kind === 'error' && hapticFeedback.notificationOccurred.isAvailable()) hapticFeedback.notificationOccurred('error');
    },
    ready() {
      if (readySent) return;
      readySent = true;
      if (miniApp.ready.isAvailable()) miniApp.ready();
    },
  };
}
