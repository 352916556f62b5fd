// A share picture of one card, for the drawing pool's tests (services/share/pool.test.ts, test/share-priority.test.ts).
import type { PictureJob } from './picture';

export const cardJob = (cardId = 'magician'): PictureJob => ({
  format: 'card',
  deck: 'rws',
  picture: {
    spreadName: 'Расклад дня',
    layout: 'rows',
    question: null,
    summary: 'Вот как легли карты.',
    cards: [{ cardId, name: 'Маг', reversed: false, positionName: 'Карта дня' }],
  },
});
