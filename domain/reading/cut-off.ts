// When the AI's text of a reading stops at its length limit (even after one continuation), the card-based
// reading finishes it: after a visible line, the sections the AI did not reach, ending with the card-based
// conclusion. The user gets a whole reading and sees where the AI stopped.

export const CUT_OFF_LINE = '*— Ответ ИИ оборвался; завершение по картам: —*';

const headingLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('## '));

/**
 * What follows a cut AI text: the visible line, then the card-based sections after the last heading the AI
 * wrote in full (its own headings are the spread's outline, as the card-based text's are); the card-based
 * conclusion alone when the AI reached the last heading or wrote none of them.
 */
export function cardEnding(aiText: string, cardText: string): string {
  const sections = cardText.split(/\n(?=## )/).filter((s) => s.startsWith('## '));
  const written = new Set(headingLines(aiText));
  let last = -1;
  sections.forEach((s, i) => {
    if (written.has(headingLines(s)[0])) last = i;
  });
  const from = last >= 0 && last + 1 < sections.length ? last + 1 : sections.length - 1;
  return `\n\n${CUT_OFF_LINE}\n\n${sections.slice(Math.max(0, from)).join('\n').trim()}`;
}
