import { describe, it, expect } from 'vitest';
import { DECK } from '../tarot/deck';
import { cardSvg, cardBackSvg, artIdPrefix, minorRankLabel, REVERSED_STYLE } from './card-art';
import { romanNumeral } from '../text/roman';

/** Independent XML escaping, so the test does not trust the module's own helper. */
const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const BAD_AMP = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

/**
 * A small well-formedness checker: one root element, balanced and properly
 * nested tags, quoted attributes without duplicates, no stray `<` or bare `&`.
 * Returns null when the document is fine, otherwise a description of the error.
 */
function xmlError(xml: string): string | null {
  const tagRe = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_:][\w:.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
  const attrRe = /([A-Za-z_:][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (BAD_AMP.test(text)) return `bare & in text near ${i}`;
    if (stack.length === 0 && text.trim() !== '') return `text outside the root near ${i}`;
    if (lt === -1) break;
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      if (end === -1) return 'unterminated comment';
      i = end + 3;
      continue;
    }
    tagRe.lastIndex = lt;
    const m = tagRe.exec(xml);
    if (!m) return `malformed tag at ${lt}: ${xml.slice(lt, lt + 40)}`;
    const [, closing, name, attrs, selfClosing] = m;
    if (closing) {
      if (attrs.trim() !== '' || selfClosing) return `malformed closing tag </${name}>`;
      const open = stack.pop();
      if (open !== name) return `</${name}> closes <${open ?? 'nothing'}>`;
    } else {
      const seen = new Set<string>();
      for (const a of attrs.matchAll(attrRe)) {
        if (seen.has(a[1])) return `duplicate attribute ${a[1]} on <${name}>`;
        seen.add(a[1]);
        if (BAD_AMP.test(a[2] ?? a[3] ?? '')) return `bare & in attribute ${a[1]}`;
      }
      if (stack.length === 0 && ++roots > 1) return 'more than one root element';
      if (!selfClosing) stack.push(name);
    }
    i = tagRe.lastIndex;
  }
  if (stack.length) return `unclosed <${stack.join('> <')}>`;
  if (roots !== 1) return 'no root element';
  return null;
}

const ids = (svg: string) => [...svg.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]);
const refs = (svg: string) => [
  ...[...svg.matchAll(/url\(#([^)]+)\)/g)].map((m) => m[1]),
  ...[...svg.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]),
];

function checkDocument(svg: string, prefix: string): void {
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg).toContain('viewBox="0 0 180 270"');
  expect(xmlError(svg)).toBeNull();
  expect(Buffer.byteLength(svg, 'utf8')).toBeLessThan(12 * 1024);

  const own = ids(svg);
  expect(new Set(own).size).toBe(own.length);
  for (const id of own) expect(id.startsWith(prefix), `${id} lacks prefix ${prefix}`).toBe(true);
  for (const r of refs(svg)) expect(own, `dangling reference #${r}`).toContain(r);

  // Self-contained: no external images, stylesheets, fonts or links.
  expect(svg).not.toMatch(/<image|<style|<script|<foreignObject|@import|@font-face/i);
  expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(/https?:|data:/i);
  expect(svg).not.toMatch(/href="(?!#)/);
}

describe('xmlError (the test’s own checker)', () => {
  it('accepts well-formed XML and rejects broken documents', () => {
    expect(xmlError('<svg a="1"><g><path d="M0 0"/></g><text>a &amp; b</text></svg>')).toBeNull();
    expect(xmlError('<svg><g></svg>')).not.toBeNull();
    expect(xmlError('<svg><g></text></g></svg>')).not.toBeNull();
    expect(xmlError('<svg><text>a & b</text></svg>')).not.toBeNull();
    expect(xmlError('<svg a="1" a="2"/>')).not.toBeNull();
    expect(xmlError('<svg a=1/>')).not.toBeNull();
    expect(xmlError('<svg/><svg/>')).not.toBeNull();
  });
});

describe('cardSvg', () => {
  const faces = DECK.map((card) => ({ card, svg: cardSvg(card) }));

  it('covers the full 78-card deck', () => {
    expect(DECK).toHaveLength(78);
  });

  it('returns a well-formed, self-contained SVG document for every card', () => {
    for (const { card, svg } of faces) {
      checkDocument(svg, `c-${card.id}-`);
      expect(artIdPrefix(card.id)).toBe(`c-${card.id}-`);
      expect(svg, card.id).toContain(esc(card.name));
    }
  });

  it('prefixes every id with the card id', () => {
    for (const { card, svg } of faces) {
      for (const id of ids(svg)) expect(id.startsWith(`c-${card.id}-`), `${card.id}: ${id}`).toBe(true);
    }
  });

  it('draws 78 distinct faces', () => {
    expect(new Set(faces.map((f) => f.svg)).size).toBe(78);
    // Distinct even ignoring the names and ids: the drawings themselves differ.
    const drawings = faces.map(({ card, svg }) => svg.split(esc(card.name)).join('').split(`c-${card.id}-`).join('#'));
    expect(new Set(drawings).size).toBe(78);
  });

  it('keeps every card small', () => {
    for (const { card, svg } of faces) expect(svg.length, card.id).toBeLessThan(12 * 1024);
  });

  it('shows a Roman numeral on majors and a rank mark on minors', () => {
    for (const { card, svg } of faces) {
      const mark = card.suit === 'major' ? romanNumeral(card.rank) : minorRankLabel(card.rank).toUpperCase();
      expect(svg, card.id).toMatch(new RegExp(`font-weight="bold"[^>]*>${mark}</text>`));
    }
    expect(romanNumeral(0)).toBe('0');
    expect(romanNumeral(4)).toBe('IV');
    expect(romanNumeral(19)).toBe('XIX');
    expect(minorRankLabel(1)).toBe('Т');
    expect(minorRankLabel(7)).toBe('7');
    expect(minorRankLabel(11)).toBe('Паж');
    expect(minorRankLabel(12)).toBe('Рыцарь');
    expect(minorRankLabel(13)).toBe('Королева');
    expect(minorRankLabel(14)).toBe('Король');
  });

  it('repeats the suit symbol rank times on pip cards', () => {
    for (const { card, svg } of faces) {
      if (card.suit === 'major') continue;
      const uses = (svg.match(/<use /g) ?? []).length;
      if (card.rank >= 2 && card.rank <= 10) expect(uses, card.id).toBe(card.rank);
      else expect(uses, card.id).toBe(1);
    }
  });

  it('escapes XML special characters and shrinks long names', () => {
    const odd = cardSvg({ id: 'x-test', suit: 'cups', rank: 3, name: 'Tom & "Jerry" <x>' });
    expect(xmlError(odd)).toBeNull();
    expect(odd).toContain('Tom &amp; &quot;Jerry&quot; &lt;x&gt;');
    expect(odd).not.toContain('<x>');

    const fontOf = (svg: string, name: string) => Number(new RegExp(`font-size="([\\d.]+)"[^>]*>${esc(name)}</text>`).exec(svg)?.[1]);
    const short = fontOf(cardSvg({ id: 'sun', suit: 'major', rank: 19, name: 'Суд' }), 'Суд');
    const longName = 'Восьмёрка Пентаклей';
    const long = fontOf(cardSvg({ id: 'eight-of-pentacles', suit: 'pentacles', rank: 8, name: longName }), longName);
    expect(long).toBeLessThan(short);
    // Even with a wide serif font (≈0.52 em per glyph) the long name fits the 152-unit band.
    expect(long * [...longName].length * 0.52).toBeLessThanOrEqual(141);
  });

  it('sanitises odd ids into a safe prefix', () => {
    const svg = cardSvg({ id: 'Weird id"<', suit: 'major', rank: 0, name: 'Шут' });
    expect(xmlError(svg)).toBeNull();
    for (const id of ids(svg)) expect(id).toMatch(/^c-[a-z0-9-]+-/);
  });
});

describe('cardBackSvg', () => {
  it('is a well-formed document different from every face', () => {
    const back = cardBackSvg();
    checkDocument(back, 'card-back-');
    for (const card of DECK) expect(back).not.toBe(cardSvg(card));
    expect(cardBackSvg()).toBe(back);
  });
});

describe('REVERSED_STYLE', () => {
  it('rotates the picture by 180°', () => {
    expect(REVERSED_STYLE).toEqual({ transform: 'rotate(180deg)' });
  });
});
