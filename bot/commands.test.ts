import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOT_COMMANDS, greetingCommandLines, helpCommandLines } from './commands';

/** Commands only the operator or the support desk uses: kept out of the public menu on purpose. */
const OPERATOR_COMMANDS = ['stats', 'reply', 'close'];

function handledCommands(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.ts$/.test(entry.name) || entry.name.endsWith('.test.ts')) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const m of text.matchAll(/\.command\('([a-z_]+)'/g)) found.push(m[1]);
    for (const m of text.matchAll(/hears\(\/\^\\\/([a-z_]+)/g)) found.push(m[1]);
  }
  return [...new Set(found)].sort();
}

describe('the bot command list', () => {
  it('names every public command the bot handles, and only those', () => {
    const menu = BOT_COMMANDS.map((c) => c.command).filter((c) => c !== 'cancel');
    expect(menu.sort()).toEqual(handledCommands(join(import.meta.dirname)).filter((c) => !OPERATOR_COMMANDS.includes(c)));
  });

  it('lists in /help every menu command but /start and /help, and greets with a few of them', () => {
    const help = helpCommandLines().map((l) => l.split(' — ')[0]);
    expect(help).toEqual(BOT_COMMANDS.map((c) => `/${c.command}`).filter((c) => c !== '/start' && c !== '/help'));
    expect(greetingCommandLines()).toContain('/help — что умеет бот');
  });
});
