// «Свой расклад»'s call (server: api/routes/readings.ts): a reading of the cards the user drew, in position order.
import type { OwnCardInput } from '../../../domain/tarot/own-deck';
import type { SpreadType } from '../../../domain/types';
import { call, client } from '../api';

export const createOwnReading = (spreadType: string, question: string, ownCards: OwnCardInput[]) =>
  call(client.readings.$post({ json: { spreadType: spreadType as SpreadType, question, ownCards } }));
