// The Mini App's first screen on a phone: Chromium (playwright-core) opens /dev/launch (the signed launch,
// then the app) with 4× CPU slowdown and Chrome DevTools' "Fast 4G" network profile, a cold cache each time,
// and reports the ms from navigation start until the greeting with the user's name is painted, and the
// requests made before it. Value: the median of 3 loads. The baseline, measured in the same run under the
// same conditions, is a bare HTML page with one heading (what the machine and the emulated network cost before
// any app code). Budget: value ≤ 1.3× the baseline (`ratio`), with at most 3 requests before the greeting. `appMs`: when home itself (React, with
// today's figures from the status call) was painted, for the whole picture.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_LAUNCH, FULL_CHROMIUM_PATH } from '../test/browser';
import { withAppChild } from '../test/app-process';
import { ensureWebBuild } from '../scripts/web-build';

const SAMPLES = 3;
/** The greeting may take at most this many times the bare page, measured in the same run. */
const BUDGET_RATIO = 1.3;
/** At most this many requests (the page included) before the greeting is painted. */
const BUDGET_REQUESTS = 3;
const CPU_SLOWDOWN = 4;
/** Chrome DevTools' "Fast 4G" preset (9 Mbit/s down, 1.5 up, 60 ms RTT, with DevTools' own adjustments). */
const FAST_4G = {
  offline: false,
  downloadThroughput: (9_000_000 / 8) * 0.9,
  uploadThroughput: (1_500_000 / 8) * 0.9,
  latency: 60 * 2.75,
  connectionType: 'cellular4g' as const,
};
const NAME = 'Анна';

interface Load {
  ms: number;
  /** When home's own figures (the status call's answer, rendered by the app) were painted; null on the bare page. */
  appMs: number | null;
  requests: string[];
}

/** One cold load of `url` on the phone profile; the ms until the greeting showing `text` was painted. */
async function load(browser: Browser, url: string, text: string, withApp: boolean): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', FAST_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'commit' });
    // The greeting carries `elementtiming="greeting"` once it shows the name (the HTML's shell, from the
    // launch data, or else home): Chromium's Element Timing gives the time its frame was painted (renderTime,
    // from navigation start). Home's badge of today's spreads carries `home-status`.
    return await page.evaluate(
      async ({ text, withApp }) => {
        type ElementEntry = PerformanceEntry & { identifier: string; renderTime: number; element: Element | null };
        // Each entry with its element's text when it was reported.
        const [[entry, shown], app] = await Promise.all(
          (withApp ? ['greeting', 'home-status'] : ['greeting']).map(
            (identifier) =>
              new Promise<[ElementEntry, string | null | undefined]>((resolve, reject) => {
                const timer = setTimeout(() => reject(new Error(`«${identifier}» was not painted within 60 s`)), 60_000);
                new PerformanceObserver((list, observer) => {
                  const found = (list.getEntries() as ElementEntry[]).find((e) => e.identifier === identifier);
                  if (found) {
                    clearTimeout(timer);
                    observer.disconnect();
                    resolve([found, found.element?.textContent]);
                  }
                }).observe({ type: 'element', buffered: true });
              }),
          ),
        );
        // Reported late (a busy main thread), the shell's greeting may be gone: home's, which replaced it, says the same.
        const greeting = shown ?? document.querySelector('[elementtiming=greeting]')?.textContent;
        if (!greeting?.includes(text)) throw new Error(`the greeting painted was «${greeting}»`);
        const at = entry.renderTime || entry.startTime;
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        // The document (after its redirects) and every resource asked for before the paint.
        const before = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.startTime < at);
        // (No named helpers in here: the bench's transpiler would wrap them in a function the page lacks.)
        const requests = [
          ...(nav?.redirectCount ? [`${nav.redirectCount} redirect(s)`] : []),
          'document',
          ...before.map((r) => `${r.initiatorType} ${new URL(r.name).pathname}${new URL(r.name).search ? '?…' : ''}`),
        ];
        return { ms: Math.round(at), appMs: app ? Math.round(app[0].renderTime || app[0].startTime) : null, requests };
      },
      { text, withApp },
    );
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A bare page with the same heading, served from this process: the baseline. */
async function helloServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="ru"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><body><h1 elementtiming="greeting">Здравствуйте, ${NAME}!</h1></body></html>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function run(): Promise<Record<string, unknown>> {
  await ensureWebBuild((line) => console.error(line));
  return withAppChild('pglite', {}, async (app) => {
    const hello = await helloServer();
    const browser = await chromium.launch({ ...CHROMIUM_LAUNCH, executablePath: FULL_CHROMIUM_PATH });
    try {
      const url = `${app.base}/dev/launch?user=100000042&name=${encodeURIComponent(NAME)}`;
      // A first load warms the server (its first requests compile code paths), not measured.
      await load(browser, url, `Здравствуйте, ${NAME}`, true);
      const loads: Load[] = [];
      const baseline: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        baseline.push((await load(browser, hello.url, `Здравствуйте, ${NAME}`, false)).ms);
        loads.push(await load(browser, url, `Здравствуйте, ${NAME}`, true));
      }
      const value = median(loads.map((l) => l.ms));
      const typical = loads.find((l) => l.ms === value)!;
      const baselineMs = median(baseline);
      const ratio = Math.round((value / baselineMs) * 100) / 100;
      return {
        value,
        unit: 'ms',
        baselineMs,
        ratio,
        budgetRatio: BUDGET_RATIO,
        budgetRequests: BUDGET_REQUESTS,
        withinBudget: ratio <= BUDGET_RATIO && typical.requests.length <= BUDGET_REQUESTS,
        samplesMs: loads.map((l) => l.ms),
        appMs: median(loads.map((l) => l.appMs ?? 0)),
        appSamplesMs: loads.map((l) => l.appMs),
        baselineSamplesMs: baseline,
        requestsBeforeGreeting: typical.requests.length,
        requests: typical.requests,
        profile: {
          cpuSlowdown: CPU_SLOWDOWN,
          network: 'Fast 4G',
          latencyMs: FAST_4G.latency,
          downKbps: Math.round((FAST_4G.downloadThroughput * 8) / 1000),
        },
      };
    } finally {
      await browser.close();
      await hello.close();
    }
  });
}
