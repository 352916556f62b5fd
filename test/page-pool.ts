// Browser pages reused from one test to the next within a worker. A new browser context costs its renderer
// process: about 2.5 CPU-seconds to start and end on a two-core machine, against about 1 for loading the app
// again in a page that exists (most of the browser tests' CPU went to new contexts). A page handed back is
// made as new: the init scripts, routes and exposed functions its test added removed, its cookies and the app's
// storage cleared, its listeners removed, left on about:blank; on reuse its media emulation, viewport and
// timeout are reset. A page whose test changed it in a way that cannot be undone here (a fake clock, other
// headers, permissions or network conditions), was closed, or was left on another origin is closed instead. A test that watches what a page downloads asks for
// a fresh one: a reused page may find files in its cache.
import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface PageOptions {
  /** 1 unless a test is about sharpness: a 2× screen paints four times the pixels in every frame. */
  deviceScaleFactor: number;
  /** Full motion; otherwise the page asks for reduced motion. */
  motion: boolean;
  /** A page that has never loaded anything (an empty cache). */
  fresh: boolean;
}

interface PooledPage {
  context: BrowserContext;
  page: Page;
  deviceScaleFactor: number;
  /** Changed by its test in a way `release` cannot undo: closed, not reused. */
  tainted: boolean;
  /** What its test added that `release` removes (Playwright answers each with a Disposable). */
  added: Promise<unknown>[];
}

const VIEWPORT = { width: 390, height: 844 };
/** Playwright's own default for actions and navigations. */
const DEFAULT_TIMEOUT_MS = 30_000;

/** What a test can add to a page or its context that handing it back removes. */
const UNDOABLE = ['addInitScript', 'route', 'exposeFunction', 'exposeBinding'] as const;
/** What a test can do to a page or its context that handing it back cannot undo. */
const TAINTING = [
  'routeFromHAR',
  'routeWebSocket',
  'setExtraHTTPHeaders',
  'setOffline',
  'grantPermissions',
  'setGeolocation',
  'setHTTPCredentials',
] as const;

/** Calls `seen` with what one of `methods` returns when it is called on `target`. */
function watch(target: object, methods: readonly string[], seen: (result: unknown) => void) {
  const t = target as Record<string, unknown>;
  for (const name of methods) {
    const original = t[name];
    if (typeof original !== 'function') continue;
    t[name] = (...args: unknown[]) => {
      const result = original.apply(target, args);
      seen(result);
      return result;
    };
  }
}

const isDisposable = (d: unknown): d is { dispose(): Promise<void> } =>
  typeof d === 'object' && d !== null && typeof (d as { dispose?: unknown }).dispose === 'function';

export class PagePool {
  private idle: PooledPage[] = [];
  private byPage = new Map<Page, PooledPage>();

  constructor(private readonly browser: Browser) {}

  /** A page as a new one would be, reused when one with the same screen is idle. */
  async take(o: PageOptions): Promise<Page> {
    const i = o.fresh ? -1 : this.idle.findIndex((e) => e.deviceScaleFactor === o.deviceScaleFactor);
    const entry = i >= 0 ? this.idle.splice(i, 1)[0] : await this.open(o.deviceScaleFactor);
    const { page } = entry;
    await page.emulateMedia({
      media: null,
      colorScheme: 'light',
      reducedMotion: o.motion ? 'no-preference' : 'reduce',
      forcedColors: null,
    });
    const size = page.viewportSize();
    if (size?.width !== VIEWPORT.width || size.height !== VIEWPORT.height) await page.setViewportSize(VIEWPORT);
    page.setDefaultTimeout(DEFAULT_TIMEOUT_MS);
    page.setDefaultNavigationTimeout(DEFAULT_TIMEOUT_MS);
    return page;
  }

  private async open(deviceScaleFactor: number): Promise<PooledPage> {
    const context = await this.browser.newContext({ viewport: VIEWPORT, deviceScaleFactor, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
    const page = await context.newPage();
    const entry: PooledPage = { context, page, deviceScaleFactor, tainted: false, added: [] };
    const taint = () => {
      entry.tainted = true;
    };
    const add = (result: unknown) => entry.added.push(Promise.resolve(result));
    for (const target of [page, context]) {
      watch(target, UNDOABLE, add);
      watch(target, TAINTING, taint);
    }
    watch(
      page.clock,
      Object.getOwnPropertyNames(Object.getPrototypeOf(page.clock)).filter((m) => m !== 'constructor'),
      taint,
    );
    context.on('close', () => {
      entry.tainted = true;
    });
    this.byPage.set(page, entry);
    return entry;
  }

  /** Hands a page back once its test is over (`origin`: the app's, the only one whose storage is cleared). */
  async release(page: Page, origin: string): Promise<void> {
    const entry = this.byPage.get(page);
    if (!entry) return;
    try {
      if (entry.tainted || page.isClosed() || new URL(page.url()).origin !== origin) throw new Error('not reusable');
      for (const added of entry.added.splice(0)) {
        const d = await added;
        if (!isDisposable(d)) throw new Error('not reusable');
        await d.dispose();
      }
      await page.removeAllListeners(undefined, { behavior: 'ignoreErrors' });
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await entry.context.clearCookies();
      await page.goto('about:blank');
      this.idle.push(entry);
    } catch {
      this.byPage.delete(page);
      await entry.context.close().catch(() => {});
    }
  }

  /** Whether the context is one of the pool's (its pages are handed back, not closed, when a file ends). */
  owns(context: BrowserContext): boolean {
    return [...this.byPage.values()].some((e) => e.context === context);
  }
}
