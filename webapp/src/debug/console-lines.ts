// The last console lines, kept once debugging is on: written by boot.ts, shown by the overlay's chunk. Apart
// from both so that the overlay does not import the module that loads it.

export const CONSOLE_LINES = 100;

/** The last console lines, kept from the moment debugging is on (the overlay shows them). */
export const consoleLines: string[] = [];
let capturing = false;

/** A console argument or a rejection's reason as one line. */
export function stringify(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v instanceof Error) return `${v.name}: ${v.message}`;
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}

/** Starts keeping console lines (once). */
export function captureConsole() {
  if (capturing) return;
  capturing = true;
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      consoleLines.push(`${new Date().toISOString().slice(11, 19)} ${level}: ${args.map(stringify).join(' ')}`);
      if (consoleLines.length > CONSOLE_LINES) consoleLines.splice(0, consoleLines.length - CONSOLE_LINES);
      original(...args);
    };
  }
}
