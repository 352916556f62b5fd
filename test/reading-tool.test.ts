// The editors' reading tool as a process (`npm run --silent reading -- …` runs `tsx scripts/reading.ts`):
// the card-based reading or the AI prompt for exactly the cards given, and one Russian line for a bad argument.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONCERN_LINE, REST_STEPS } from '../domain/reading/care';
import { crisisAnswer, HELP_LINES } from '../domain/reading/crisis';

const tool = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/reading.ts', ...args], {
    cwd: path.join(import.meta.dirname, '..'),
    encoding: 'utf8',
    timeout: 30_000,
  });

describe('the reading tool (scripts/reading.ts)', () => {
  it('prints the card-based reading of exactly those cards, in position order, reversed where «:r»', () => {
    const r = tool(
      '--spread',
      'love_relationship',
      '--question',
      'Что он ко мне чувствует?',
      '--cards',
      'lovers,devil:r,sun',
      '--level',
      'premium',
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^## Анализ карт/);
    expect(r.stdout).toContain('«Что он ко мне чувствует?»');
    const [lovers, devil, sun] = ['**Влюблённые**', '**Дьявол** в перевёрнутом положении', '**Солнце**'].map((s) => r.stdout.indexOf(s));
    expect(lovers).toBeGreaterThan(0);
    expect(devil).toBeGreaterThan(lovers);
    expect(sun).toBeGreaterThan(devil);
    expect(r.stdout).toMatch(/[Оо]свобождение от нездоровой привязанности/); // run on from the card's intro, or a sentence of its own
    expect(r.stdout).toContain('## Общий вывод');
  }, 40_000);

  it('prints the AI prompt with --prompt', () => {
    const r = tool('--spread', 'free_daily', '--question', 'Что ждёт сегодня?', '--cards', 'fool,magician:r,sun', '--prompt');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('=== system ===');
    expect(r.stdout).toContain('Карта 2: Маг');
    expect(r.stdout).toContain('перевёрнутое положение');
  }, 40_000);

  it("--voice prints that reader's second opinion of the same cards (and its AI prompt with --prompt); an unknown reader is one Russian line", () => {
    const r = tool('--spread', 'free_daily', '--question', 'Что ждёт сегодня?', '--cards', 'fool,magician:r,sun', '--voice', 'mystic');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^## Карты/);
    // The mystic reader reads the cards' pictures (the app shows her name above the text, so it is not in it).
    expect(r.stdout).toContain('## Совет');
    expect(r.stdout).toContain('**Маг**');
    const p = tool(
      '--spread',
      'free_daily',
      '--question',
      'Что ждёт сегодня?',
      '--cards',
      'fool,magician:r,sun',
      '--voice',
      'straight',
      '--prompt',
    );
    expect(p.stdout).toContain('Ты — таролог Глеб');
    const bad = tool('--spread', 'free_daily', '--question', 'Что ждёт сегодня?', '--cards', 'fool,magician:r,sun', '--voice', 'loud');
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toBe('Неизвестный таролог «loud»: есть gentle, straight, mystic.');
  }, 60_000);

  it('a crisis question prints the crisis message and the help lines, no cards and no prompt, exit 0', () => {
    for (const extra of [[], ['--prompt']]) {
      const r = tool(
        '--spread',
        'free_daily',
        '--question',
        'я не хочу жить, стоит ли всё закончить',
        '--cards',
        'fool,sun,moon',
        ...extra,
      );
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const { message, lines, returnLater } = crisisAnswer('self_harm');
      expect(r.stdout).toContain(message);
      for (const l of lines) expect(r.stdout).toContain(`${l.name}: ${l.phone}`);
      expect(r.stdout).toContain('8-800-2000-122');
      expect(r.stdout).toContain(returnLater);
      expect(r.stdout).not.toMatch(/\*\*|## |=== system ===/);
    }
    const violence = tool('--question', 'Муж меня бьёт, что делать?', '--spread', 'love_relationship', '--cards', 'lovers,devil,sun');
    expect(violence.status).toBe(0);
    expect(violence.stdout).toContain(crisisAnswer('violence').message);
    expect(violence.stdout).toContain('8-800-7000-600');
  }, 60_000);

  it('a question at the concern tier: the reading opens with the caring line and the help line, and its step is about rest', () => {
    const r = tool(
      '--spread',
      'past_present_future',
      '--question',
      'Всё бессмысленно, нет сил ни на что. Что меня ждёт в работе?',
      '--cards',
      'sun,tower:r,star',
    );
    expect(r.status).toBe(0);
    const [care, help] = r.stdout.split('\n\n');
    expect(care).toBe(`*${CONCERN_LINE}*`);
    expect(help).toContain(`**${HELP_LINES.trust.phone}**`);
    expect(r.stdout.indexOf('## ')).toBeGreaterThan(r.stdout.indexOf(HELP_LINES.trust.phone));
    const step = /Практический шаг — [^\n]*/.exec(r.stdout)?.[0];
    expect(REST_STEPS).toContain(step);
    // The prompt tells the model so too.
    const p = tool(
      '--spread',
      'past_present_future',
      '--question',
      'Всё бессмысленно, нет сил ни на что. Что меня ждёт в работе?',
      '--cards',
      'sun,tower:r,star',
      '--prompt',
    );
    expect(p.stdout).toContain('уровень заботы');
    expect(p.stdout).toContain('Безусловное правило');
  }, 60_000);

  it('a bad spread, card, count or level: one Russian line naming it, exit 1', () => {
    const cases: [string[], RegExp][] = [
      [['--spread', 'nope', '--question', 'Вопрос', '--cards', 'fool'], /^Неизвестный расклад «nope»/],
      [['--spread', 'free_daily', '--question', 'Вопрос', '--cards', 'fool,wizard,sun'], /^Неизвестная карта «wizard»/],
      [['--spread', 'free_daily', '--question', 'Вопрос', '--cards', 'fool,sun:x,moon'], /^Неизвестная карта «sun:x»/],
      [
        ['--spread', 'love_relationship', '--question', 'Вопрос', '--cards', 'fool,sun'],
        /^В раскладе «Любовь и отношения» 3 карты, а передано 2/,
      ],
      [['--spread', 'free_daily', '--question', 'Вопрос', '--cards', 'fool,sun,sun'], /^Карта «sun» указана дважды/],
      [['--spread', 'free_daily', '--question', 'Вопрос', '--cards', 'fool,sun,moon', '--level', 'vip'], /^Неизвестный уровень «vip»/],
      [['--spread', 'free_daily', '--cards', 'fool,sun,moon'], /^Не указан вопрос/],
    ];
    for (const [args, message] of cases) {
      const r = tool(...args);
      expect(r.status, args.join(' ')).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr.trim()).toMatch(message);
    }
  }, 60_000);
});
