// Every relative link in the README and in docs/ resolves: the file exists and, for `#anchor`, one of its
// headings makes that anchor (GitHub's rule: lower case, punctuation dropped, spaces to hyphens). Links
// leave the repository only for web addresses; nothing points outside it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const DOCS = [
  'README.md',
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's heading anchor. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_~]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

function anchorsIn(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1])));
}

function linksIn(file: string): string[] {
  const text = fs
    .readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]);
}

describe('documentation links', () => {
  it.each(DOCS)('%s: every relative link resolves', (doc) => {
    const broken: string[] = [];
    for (const link of linksIn(doc)) {
      if (/^(https?:|mailto:|tg:)/.test(link)) continue;
      const [target, anchor] = link.split('#');
      const file = target ? path.resolve(ROOT, path.dirname(doc), decodeURIComponent(target)) : path.join(ROOT, doc);
      if (!file.startsWith(ROOT + path.sep) || !fs.existsSync(file)) broken.push(`${link} (no such file in the repository)`);
      else if (anchor && file.endsWith('.md') && !anchorsIn(file).has(anchor)) broken.push(`${link} (no heading makes #${anchor})`);
    }
    expect(broken).toEqual([]);
  });

  it('the README fits on two screens', () => {
    expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(80);
  });
});
