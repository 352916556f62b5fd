// Browser tests: playwright-core driving Debian's Chromium against the real server on a fresh database.
// Without Chromium they skip with a clear line, unless REQUIRE_BROWSER=1 (CI), where they fail instead.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { chromium, type Browser, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { loadConfig } from '../config';
import { startApp, type RunningApp } from '../main';
import { seedPgliteFolder } from './databases';
import { PagePool, type PageOptions } from './page-pool';

/**
 * The browser the tests drive: Debian's `chromium-headless-shell` when installed (Chromium's headless shell, the
 * build Playwright itself runs headless: about a sixth less CPU than full Chromium in headless mode, which also
 * starts the desktop browser's hidden UI), else Debian's `chromium`. The first-screen bench keeps the full
 * browser (bench/first-screen.ts), nearer a phone's.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
/** The full browser: the bench's, and the tests' when the headless shell is missing. */
export const FULL_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How the browser tests and the first-screen bench start Chromium: headless, no GPU, nothing but loopback. */
export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-quic',
    '--no-first-run',
    '--disable-component-update',
    '--disable-sync',
    // A microphone that exists and is granted (a generated tone): the question spoken in the app is recorded.
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
  ],
};

/** True when browser tests can run; logs why not, and throws under REQUIRE_BROWSER=1. */
export function browserAvailable(): boolean {
  if (fs.existsSync(CHROMIUM_PATH)) return true;
  if (process.env.REQUIRE_BROWSER === '1')
    throw new Error(`REQUIRE_BROWSER=1 but no Chromium at ${CHROMIUM_PATH} (apt-get install chromium-headless-shell)`);
  console.warn(`Skipping browser tests: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium-headless-shell, or set CHROMIUM_PATH).`);
  return false;
}

/**
 * Whether the browser tests save their screenshots (for people to look at; no test reads them back). CI's
 * fresh clone sets TEST_SCREENSHOTS=0 (.ci/run): nobody opens them there, and encoding some 400 PNGs was about a
 * tenth of the browser tests' CPU.
 */
export const screenshotsWanted = () => process.env.TEST_SCREENSHOTS !== '0';

/** Where browser tests save screenshots (named in docs/contributing.md). */
export const SCREENSHOT_DIR = path.resolve('test-results', 'screenshots');

export interface BrowserEnv {
  app: RunningApp;
  baseUrl: string;
  browser: Browser;
  /**
   * A page (390×844, a 1× screen unless `deviceScaleFactor` says, asking for reduced motion unless `motion`) in a
   * context of its own that collects console errors. Opened in a test, it is handed back when that test ends;
   * opened in a hook, when `close()` runs. It may be one an earlier test used, made as new (test/page-pool.ts);
   * `fresh` asks for one that never loaded anything.
   */
  newPage(o?: Partial<PageOptions>): Promise<{ page: Page; consoleErrors: string[] }>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * One Chromium and its pool of pages per test worker, shared by the files it runs one after another (the
 * browser project shares one module graph per worker): a launch costs a CPU-second or more, a new context about
 * two and a half (test/page-pool.ts). Playwright ends the browser when the worker exits.
 */
let workerBrowser: Promise<{ browser: Browser; pool: PagePool }> | undefined;
function sharedBrowser() {
  workerBrowser ??= chromium.launch(CHROMIUM_LAUNCH).then((browser) => {
    browser.on('disconnected', () => {
      workerBrowser = undefined;
    });
    return { browser, pool: new PagePool(browser) };
  });
  return workerBrowser;
}

/** Needs an up-to-date dist/webapp: test/global-setup.ts builds it once before the test files run. */
export async function startBrowserEnv(env: Record<string, string> = {}): Promise<BrowserEnv> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-e2e-'));
  // A copy of the migrated database: the app then opens it as on any later start, without initdb and every migration.
  if (!env.DATABASE_URL) await seedPgliteFolder(dataDir);
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const app = await startApp(config, pino({ level: 'silent' }));
  const baseUrl = `http://127.0.0.1:${app.port}`;
  const { browser, pool } = await sharedBrowser();
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const origin = new URL(baseUrl).origin;
  /** Pages opened in hooks: handed back by `close()`. */
  const hookPages: Page[] = [];
  return {
    app,
    baseUrl,
    browser,
    async newPage(o = {}) {
      const page = await pool.take({ deviceScaleFactor: o.deviceScaleFactor ?? 1, motion: o.motion ?? false, fresh: o.fresh ?? false });
      try {
        onTestFinished(() => pool.release(page, origin));
      } catch {
        hookPages.push(page); // opened outside a test
      }
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      page.on('pageerror', (e) => consoleErrors.push(String(e)));
      return { page, consoleErrors };
    },
    async screenshot(page, name) {
      const file = path.join(SCREENSHOT_DIR, `${name}.png`);
      if (screenshotsWanted()) await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close() {
      await Promise.all(hookPages.map((p) => pool.release(p, origin)));
      // Contexts a test opened itself and left open.
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !pool.owns(c))
          .map((c) => c.close().catch(() => {})),
      );
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
