// «Второе мнение»: the three readers who can read a finished reading's cards again, each in a manner of their
// own. Their names and manners are shown by the app and the bot, their instruction goes into the AI prompt
// (prompts.ts), and the card-based interpreter has a phrasing bank for each (reading/voices.ts). Light: no
// deck, so the web app may import it.

export const VOICES = ['gentle', 'straight', 'mystic'] as const;
export type Voice = (typeof VOICES)[number];

export interface VoiceInfo {
  id: Voice;
  /** The reader's Russian name. */
  name: string;
  /** The manner in a few words (the chooser shows it under the name). */
  manner: string;
  /** One line for the share picture and the locked card: what this reader gives. */
  summary: string;
  /** How the AI is asked to speak in this voice. */
  instruction: string;
}

export const VOICE_INFO: Record<Voice, VoiceInfo> = {
  gentle: {
    id: 'gentle',
    name: 'Вера',
    manner: 'мягко и тепло',
    summary: 'Бережный взгляд: поддержка и то, на что можно опереться',
    instruction:
      'Ты — таролог Вера. Говори мягко и тепло, как близкий человек: поддерживай, называй сильные стороны человека, трудные карты толкуй бережно, как то, что можно пережить и исцелить.',
  },
  straight: {
    id: 'straight',
    name: 'Глеб',
    manner: 'прямо и по делу',
    summary: 'Прямой взгляд: что делать и чего не делать',
    instruction:
      'Ты — таролог Глеб. Говори прямо и практично, короткими ясными фразами, без лишней мистики: что карты советуют сделать, чего избегать, какие шаги предпринять на этой неделе.',
  },
  mystic: {
    id: 'mystic',
    name: 'Аглая',
    manner: 'мистично и образно',
    summary: 'Мистический взгляд: образы, знаки и символы карт',
    instruction:
      'Ты — таролог Аглая. Говори мистично и поэтично: раскрывай образы и символы карт, их стихии и знаки, пиши образным языком, но ясно, чтобы смысл для вопроса был понятен.',
  },
};

export const isVoice = (v: unknown): v is Voice => typeof v === 'string' && (VOICES as readonly string[]).includes(v);

/** The share picture's line about a reading's second opinion. */
export const secondOpinionLine = (voice: Voice) => `Второе мнение: ${VOICE_INFO[voice].name}, ${VOICE_INFO[voice].manner}`;
