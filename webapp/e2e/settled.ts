// Waiting for the screen in browser tests. `settled`: before a screenshot or a measurement, until no finite
// animation (page-in, deal, flip, fade) is running in the page or frame, checked again a frame later because one
// animation often starts another; endless ones (a pulsing deck, a spinner) are not waited for; 5 s at most.
// `enabled`: until a control can be used.
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';

export const settled = (target: Page | Frame) =>
  target.evaluate(async () => {
    const deadline = performance.now() + 5_000;
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const running = () =>
      document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    while (performance.now() < deadline) {
      const now = running();
      if (now.length === 0) {
        await frame();
        if (running().length === 0) return;
        continue;
      }
      await Promise.race([
        Promise.all(now.map((a) => a.finished.catch(() => null))),
        new Promise((r) => setTimeout(r, Math.max(0, deadline - performance.now()))),
      ]);
    }
  });

/** Until the test id's (first) element is enabled: polled, each check with its own short timeout. */
export async function enabled(page: Page, testId: string, ms = 20_000) {
  await expect
    .poll(
      () =>
        page
          .getByTestId(testId)
          .first()
          .isEnabled({ timeout: 1000 })
          .catch(() => false),
      { timeout: ms, interval: 200, message: `${testId} never became enabled` },
    )
    .toBe(true);
}
