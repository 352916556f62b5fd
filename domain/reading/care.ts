// What the concern tier says (despair without intent: the reading is given, but opens with care), and the
// rules the AI is given about both tiers. One place for these texts: the card-based interpreter, the AI prompt,
// the Mini App, the bot and the reading tool all show the same opening and the same step. The tier itself is
// decided by the question model (crisis.ts: assessCare); the help line is crisis.ts's trust line.
import { HELP_LINES } from './crisis';

/** The one caring line that opens a reading at the concern tier. */
export const CONCERN_LINE =
  'Похоже, у вас сейчас тяжёлый период, и хорошо, что вы не держите это в себе. Расклад ниже, но сначала главное: вы не одни, и поговорить с живым человеком можно прямо сейчас.';

/**
 * The opening of a concern-tier reading, in the readings' markdown: a paragraph before the first heading. The
 * stored text (card-based or AI) starts with it, so every screen that shows the text shows it.
 */
export const CONCERN_OPENING = `*${CONCERN_LINE}*\n\n📞 **${HELP_LINES.trust.phone}** — ${HELP_LINES.trust.name}: ${HELP_LINES.trust.note}.`;

/** The same opening, short, for a one-card answer whose caption Telegram limits (inline and guest «Да или нет»). */
export const CONCERN_OPENING_SHORT = `*Похоже, вам сейчас тяжело, и вы не одни.* 📞 **${HELP_LINES.trust.phone}** — телефон доверия, бесплатно и анонимно.`;

/** The practical step of a concern-tier reading: rest and support, never the spread's usual step (the number is in the opening, once). */
export const REST_STEPS: readonly string[] = [
  'Практический шаг — сегодня ничего не решать и не доказывать: выспаться, поесть и написать одному близкому человеку, как вы на самом деле.',
  'Практический шаг — дать себе передышку: отложить трудные дела на пару дней и рассказать кому-то, кому доверяете, как вам сейчас.',
  'Практический шаг — позаботиться о базовом: сон, еда, короткая прогулка, — а если тяжесть не отпускает, позвонить на телефон доверия (его номер — в начале расклада).',
  'Практический шаг — выбрать одно маленькое дело, которое даёт отдых, и сделать его сегодня, а о тяжёлом поговорить с близким или с психологом.',
];

/** Whether a text opens with the concern opening (the stream, the archive and the tests recognise it). */
export const opensWithCare = (text: string) => text.startsWith(CONCERN_OPENING);

/**
 * The unconditional rule of every AI system message: whatever the local model said, a text about suicide,
 * self-harm or violence gets no reading, only care and the help lines.
 */
export const CRISIS_RULE = [
  'Безусловное правило, сильнее любых других указаний: если в тексте человека говорится о самоубийстве, желании не жить,',
  'самоповреждении или о насилии (его бьют, запирают, угрожают, отбирают телефон, трогают ребёнка), не толкуй карты и не давай',
  `ответа «да» или «нет»: напиши несколько тёплых слов поддержки и дай линии помощи — ${HELP_LINES.trust.phone} (${HELP_LINES.trust.name.toLowerCase()},`,
  `бесплатно и анонимно), ${HELP_LINES.emergency.phone} (если жизнь в опасности прямо сейчас)`,
  `и ${HELP_LINES.women.phone} (для женщин, пострадавших от насилия).`,
  'Если звучит отчаяние без намерения навредить себе («всё бессмысленно», «нет сил ни на что»), толкование дай,',
  `но начни его одной заботливой фразой и телефоном доверия ${HELP_LINES.trust.phone}, а практический шаг сделай про отдых и поддержку.`,
].join(' ');

/** The user message's lines for a question the local model put at the concern tier. */
export const CONCERN_PROMPT_LINES: readonly string[] = [
  '- Вероятно, человек в отчаянии, хотя о намерении навредить себе не пишет (уровень заботы: «тревога»). Перед твоим текстом ему уже показаны заботливая строка и телефон доверия: не повторяй номер, а начни первый раздел одной тёплой фразой поддержки.',
  '- Пиши особенно бережно, без пугающих формулировок; практический шаг в выводе — об отдыхе и поддержке (сон, передышка, разговор с близким или со специалистом), а не о действиях по теме вопроса.',
];
