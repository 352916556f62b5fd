// axe-core for the browser tests only: its source is injected into the page under test (never part of the
// web bundle) and run there. Reports contrast violations and the serious or critical ones of other rules.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let source: string | null = null;
const axeSource = () => (source ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

export interface AxeFinding {
  rule: string;
  impact: string | null;
  help: string;
  nodes: { target: string; summary: string; html: string }[];
}

/** Runs axe on the page: contrast violations, and other violations of impact serious or critical. */
export async function runAxe(page: Page): Promise<{ contrast: AxeFinding[]; serious: AxeFinding[] }> {
  // Evaluated through the DevTools protocol: the app's CSP (rightly) refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${axeSource()}\n;void 0`);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: any[] }> } }).axe;
    const r = await axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return r.violations.map((v) => ({
      rule: v.id as string,
      impact: (v.impact ?? null) as string | null,
      help: v.help as string,
      nodes: (v.nodes as any[]).slice(0, 8).map((n) => ({
        target: String(n.target?.join(' ') ?? ''),
        summary: String(n.failureSummary ?? '').slice(0, 300),
        html: String(n.html ?? '').slice(0, 160),
      })),
    }));
  });
  return {
    contrast: violations.filter((v) => v.rule === 'color-contrast' || v.rule === 'color-contrast-enhanced'),
    serious: violations.filter((v) => v.rule !== 'color-contrast' && (v.impact === 'serious' || v.impact === 'critical')),
  };
}

/** One readable line per finding, for assertion messages. */
export const describeFindings = (f: AxeFinding[]) =>
  f.flatMap((v) => v.nodes.map((n) => `${v.rule} (${v.impact}): ${n.target} — ${n.summary.replace(/\s+/g, ' ')}`)).join('\n');
