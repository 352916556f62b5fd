import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { DATA_DEFAULTS } from './data';
import { startFlow } from './flow';
import { startRoute } from './startRoute';
import { startTelegram } from './telegram/bridge';
import { applyTheme, clearUrlTokens, readLaunchParams } from './telegram/launch';
import { startDebug } from './debug/boot';
import './styles.css';

// The red error banner and the debug switch before anything else can fail.
startDebug();

// Launch parameters first: kept before the router can touch the URL.
const launch = readLaunchParams();
applyTheme(launch.themeParams);
// Signed in by initData: a token in the URL (a payment's return) is not needed and leaves the address bar.
if (launch.initData) clearUrlTokens();

// The start-up screen from `user_data` (and the return from a card payment to /micro-result), or a card's deep link.
const start = startRoute(window.location.pathname, window.location.search, launch.startParam);
if (start.spreadType || start.question !== undefined) startFlow(start.spreadType, start.question);
if (start.to) history.replaceState(history.state, '', start.to + window.location.hash);

/**
 * Runs `draw` once the app's stylesheet has applied. The built page asks for it only after its shell was
 * painted (vite.config.ts, stylesheetAfterShell); a page that has not yet (hidden: no frames) is asked here.
 * Without such a link (the dev server) the styles came with this module.
 */
function whenStyled(draw: () => void) {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-app-stylesheet]')];
  let waiting = 0;
  const done = () => {
    if (--waiting === 0) draw();
  };
  for (const link of links) {
    if (link.rel !== 'stylesheet') link.rel = 'stylesheet';
    if (link.sheet) continue;
    waiting++;
    // A stylesheet that failed draws anyway: the app unstyled beats no app.
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
  }
  if (waiting === 0) draw();
}

whenStyled(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ErrorBoundary>
        <SWRConfig value={DATA_DEFAULTS}>
          <App />
        </SWRConfig>
      </ErrorBoundary>
    </StrictMode>,
  );
  // The Telegram SDK is a separate chunk, loaded after the first render and only inside Telegram.
  startTelegram(() => import('./init'));
});
