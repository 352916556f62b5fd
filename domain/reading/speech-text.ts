// What a reading read aloud says: the spread, the question and the interpretation as plain sentences — the
// markdown's marks, emoji and decorative symbols removed, a heading and a list item each a sentence of its
// own — cut at a sentence's end to the provider's longest input (4,096 characters for OpenAI's speech).
import { parseRichText, type Inline } from '../text/markup';

/** The provider's longest input for one speech request. */
export const SPEECH_INPUT_MAX = 4096;
/** Said when the text was cut: the rest is on the screen. */
export const SPEECH_CUT_TAIL = 'Продолжение толкования — в тексте расклада.';

const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{FE0F}|\u{FE0E}|\u{200D}|\u{20E3}|[\u{E0020}-\u{E007F}]/gu;
/** Decorative marks a voice would read out or stumble on (stars, arrows, box and bullet signs, markdown leftovers). */
const SYMBOLS = /[✦✧★☆✶✷✸✹✺❖◆◇•·▪▫►▶◀→←↑↓⇒⟶#*_`~|>]+/gu;

export function spokenPlain(text: string): string {
  return text.replace(EMOJI, '').replace(SYMBOLS, ' ').replace(/\s+/g, ' ').trim();
}

const inlineText = (inlines: Inline[]) => spokenPlain(inlines.map((i) => i.text).join(''));
/** A sentence ends with its own mark, or gets a full stop. */
const sentence = (s: string) => (!s ? '' : /[.!?…:;]$/.test(s) ? s : `${s}.`);

/** The interpretation's markdown as sentences, one block a line. */
export function speechOfMarkdown(markdown: string): string {
  const lines: string[] = [];
  for (const b of parseRichText(markdown)) {
    if (b.kind === 'list') for (const item of b.items) lines.push(sentence(inlineText(item)));
    else lines.push(sentence(inlineText(b.inlines)));
  }
  return lines.filter(Boolean).join('\n');
}

/** Cuts at the last sentence end that leaves room for the closing line. */
export function fitSpeech(text: string, max = SPEECH_INPUT_MAX): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - SPEECH_CUT_TAIL.length - 1);
  const end = Math.max(room.lastIndexOf('. '), room.lastIndexOf('.\n'), room.lastIndexOf('! '), room.lastIndexOf('? '));
  return `${end > 0 ? room.slice(0, end + 1) : room}\n${SPEECH_CUT_TAIL}`;
}

/** The whole text to speak for a reading. */
export function readingSpeechText(r: { spreadName: string; question: string; interpretation: string }): string {
  const head = [sentence(`Расклад «${spokenPlain(r.spreadName)}»`), sentence(`Вопрос: ${spokenPlain(r.question)}`)];
  return fitSpeech([...head, speechOfMarkdown(r.interpretation)].join('\n'));
}
