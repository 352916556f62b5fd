// «🔊 Озвучить» under a chat reading (the voice feature, bot/features/voice.ts, answers it): shown only when
// voice is on (an AI provider is configured).
import type { InlineKeyboard } from 'grammy';
import type { BotDeps } from './context';

export const READ_ALOUD_BUTTON = '🔊 Озвучить';
export const READ_ALOUD_DATA = 'va:';

/** «🔊 Озвучить» beside the last row of a reading's keyboard, when voice is on. */
export function withReadAloudButton(kb: InlineKeyboard, deps: BotDeps, readingId: number): InlineKeyboard {
  return deps.services.voice.enabled ? kb.text(READ_ALOUD_BUTTON, `${READ_ALOUD_DATA}${readingId}`) : kb;
}
