// Waiting for the screen to settle before a screenshot or a measurement: until no finite animation (page-in,
// deal, flip, fade) is running in the page or frame, checked again a frame later because one animation often
// starts another. Endless ones (a pulsing deck, a spinner) are not waited for; 5 s at most.
import type { Frame, Page } from 'playwright-core';

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
