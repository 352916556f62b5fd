// Browser tests: playwright-core driving Debian's Chromium against the real server on a fresh database.
// Without Chromium they skip with a clear line, unless REQUIRE_BROWSER=1 (CI), where they fail instead.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { loadConfig } from '../config';
import { startApp, type RunningApp } from '../main';
import { seedPgliteFolder } from './databases';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
  ],
};

/** True when browser tests can run; logs why not, and throws under REQUIRE_BROWSER=1. */
export function browserAvailable(): boolean {
  if (fs.existsSync(CHROMIUM_PATH)) return true;
  if (process.env.REQUIRE_BROWSER === '1')
    throw new Error(`REQUIRE_BROWSER=1 but no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
  console.warn(`Skipping browser tests: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH).`);
  return false;
}

/** Where browser tests save screenshots (named in docs/contributing.md). */
export const SCREENSHOT_DIR = path.resolve('test-results', 'screenshots');

export interface BrowserEnv {
  app: RunningApp;
  baseUrl: string;
  browser: Browser;
  /**
   * A new page (390×844, a 1× screen unless `deviceScaleFactor` says) that collects console errors, in a context
   * of its own. Opened in a test, it is closed when that test ends.
   */
  newPage(o?: { deviceScaleFactor?: number }): Promise<{ page: Page; consoleErrors: string[] }>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A page left open keeps painting its endless animations (the glow on home, a spinner) until the browser
 * closes: one opened in a test is closed when the test ends; one opened in a hook lives until `close()`.
 */
function closeWithTest(context: BrowserContext) {
  try {
    onTestFinished(() => context.close().catch(() => {}));
  } catch {
    /* opened outside a test */
  }
}

/** Needs an up-to-date dist/webapp: test/global-setup.ts builds it once before the test files run. */
export async function startBrowserEnv(env: Record<string, string> = {}): Promise<BrowserEnv> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-e2e-'));
  // A copy of the migrated database: the app then opens it as on any later start, without initdb and every migration.
  if (!env.DATABASE_URL) await seedPgliteFolder(dataDir);
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const app = await startApp(config, pino({ level: 'silent' }));
  const baseUrl = `http://127.0.0.1:${app.port}`;
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    app,
    baseUrl,
    browser,
    async newPage(o = {}) {
      // A 1× screen unless a test is about sharpness: a 2× one paints four times the pixels in every frame.
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: o.deviceScaleFactor ?? 1,
        locale: 'ru-RU',
        timezoneId: 'Europe/Moscow',
      });
      closeWithTest(context);
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      page.on('pageerror', (e) => consoleErrors.push(String(e)));
      return { page, consoleErrors };
    },
    async screenshot(page, name) {
      const file = path.join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close() {
      await browser.close();
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
