// The rich reading's blocks from the AI's markdown: each sentence goes to the card it names (in any case
// form), the conclusion becomes a quotation, and a text that names no card keeps its paragraphs.
import { describe, expect, it } from 'vitest';
import type { ReadingView } from '../services/readings';
import { readingRichMessage, sectionsOf } from './rich-reading';

const reading = {
  id: 1,
  spreadName: 'Прошлое, настоящее, будущее',
  question: 'Что с работой?',
  cards: [
    { cardId: 'the-fool', name: 'Шут', positionName: 'Прошлое', reversed: false },
    { cardId: 'queen-of-swords', name: 'Королева Мечей', positionName: 'Настоящее', reversed: true },
  ],
} as unknown as ReadingView;

const blocksOf = (md: string, draft = false) => readingRichMessage(reading, md, { imageBase: 'https://t.example', draft }).blocks as any[];

describe('the rich reading', () => {
  it('gives each card its sentences as a detail, inflected names too, and the conclusion as a quotation', () => {
    const md =
      '## Анализ карт\n\nВ прошлом **Шут** звал в путь. Это было смело. Сейчас **Королевы Мечей** ясность режет сомнения.\n\n## Общий вывод\n\nДействуйте.';
    const blocks = blocksOf(md);
    const details = blocks.filter((b) => b.type === 'details');
    expect(details).toHaveLength(2);
    expect(JSON.stringify(details[0].blocks)).toContain('Это было смело.');
    expect(JSON.stringify(details[1].summary)).toContain('(перевёрнутая)');
    expect(JSON.stringify(details[1].blocks)).toContain('ясность режет сомнения');
    expect(blocks.find((b) => b.type === 'blockquote').blocks[0].text).toBe('Действуйте.');
    expect(blocks.find((b) => b.type === 'collage').blocks[1].photo.media).toBe(
      'https://t.example/card-images/queen-of-swords.reversed.jpg',
    );
  });

  it('a draft has no collage and shows the thinking block before any words', () => {
    const draft = readingRichMessage(reading, '', { imageBase: 'https://t.example', draft: true, thinking: 'Толкую…' }).blocks as any[];
    expect(draft.map((b) => b.type)).toEqual(['heading', 'paragraph', 'table', 'thinking']);
  });

  it('a text that names no card keeps its paragraphs; list items stay items', () => {
    const blocks = blocksOf('Просто совет.\n\n- первое\n- второе');
    expect(blocks.filter((b) => b.type === 'details')).toEqual([]);
    expect(sectionsOf('- первое\n- второе')[0].paragraphs).toEqual(['• первое', '• второе']);
  });
});
