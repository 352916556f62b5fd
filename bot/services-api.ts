// The Bot API calls the services make outside the bot's updates: Stars invoice links and refunds, a Stars
// subscription's renewal switch, prepared share messages, the bot's username, messages to the operators. main.ts loads this module
// lazily (grammY is not needed before the first payment or the bot's start). It must be this ES module of
// ours, not `import('grammy')` itself: in the esbuild bundle a dynamic import of a CommonJS package gives
// only its default export, and `{ Api }` was undefined there.
import { Api, InputFile } from 'grammy';
import type { Logger } from '../logger';

const CALLS = [
  'createInvoiceLink',
  'refundStarPayment',
  'editUserStarSubscription',
  'savePreparedInlineMessage',
  'savePreparedKeyboardButton',
  'getMe',
  'sendMessage',
] as const;
type Call = (typeof CALLS)[number];
export type ServicesApi = Pick<Api, Call> & {
  /** Sends a file the server made as a document: bytes, or chunks uploaded as they are written (the data export). */
  sendFile(chatId: number, content: Uint8Array | (() => AsyncIterable<Uint8Array>), filename: string, caption: string): Promise<unknown>;
};

/** The calls the services use, each failure logged with Telegram's reason before it reaches the caller. */
export function createServicesApi(token: string, apiRoot: string, logger: Logger): ServicesApi {
  const api = new Api(token, { apiRoot });
  const logged = <K extends Call>(method: K): Api[K] =>
    (async (...args: unknown[]) => {
      try {
        return await (api[method] as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (err) {
        logger.error({ err, method }, 'Bot API call failed');
        throw err;
      }
    }) as Api[K];
  const calls = Object.fromEntries(CALLS.map((m) => [m, logged(m)])) as unknown as Pick<Api, Call>;
  return {
    ...calls,
    async sendFile(chatId, content, filename, caption) {
      try {
        return await api.sendDocument(chatId, new InputFile(content, filename), { caption });
      } catch (err) {
        logger.error({ err, method: 'sendDocument' }, 'Bot API call failed');
        throw err;
      }
    },
  };
}
