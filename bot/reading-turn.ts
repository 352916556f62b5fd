// A turn of the conversation on a chat reading (a follow-up «Уточнить», a second opinion «Второе мнение»;
// services/reading-conversation.ts) delivered in the chat: asked of the services (a crisis gets the help lines,
// a refusal its Russian line), then the answer streamed as a draft with a stop button (bot/live-reply.ts), one
// message edited in place where drafts fail, and finished with the app's link and the button for the next one.
import { InlineKeyboard, type Api } from 'grammy';
import { crisisOf } from '../services/crisis';
import { ServiceError } from '../services/errors';
import type { OnTurnEvent } from '../services/reading-conversation';
import type { BotDeps } from './context';
import { sendCrisis } from './crisis';
import { markdownToHtml, splitText } from './format';
import { openAppButton } from './keyboards';
import { openLiveReply } from './live-reply';

/** What a turn the services accepted gives the chat. */
interface AskedTurn {
  allowance: { remaining: number };
  answer(emit: OnTurnEvent): Promise<unknown>;
}
type Done<A extends AskedTurn> = Awaited<ReturnType<A['answer']>>;

/** One kind of turn in the chat: everything but the delivery itself. */
interface TurnInChat<A extends AskedTurn> {
  ask(): Promise<A>;
  /** Where a crisis answer came from (the log's `via`). */
  via: string;
  /** The answer's heading (HTML), and the waiting line shown until the text begins. */
  head(asked: A): string;
  waiting(asked: A): string;
  /** The stored text of the finished turn. */
  textOf(done: Done<A>): string | null;
  /** A line under the finished answer (HTML, or empty). */
  notice(done: Done<A>): string;
  /** Under an answer the user stopped. */
  stopped: string;
  /** The button for the next turn on this reading, while the allowance has some. */
  again(remaining: number): { text: string; data: string };
}

/** Asks, then streams the answer into one message under its head. */
export async function deliverTurn<A extends AskedTurn>(
  api: Api,
  deps: BotDeps,
  chatId: number,
  readingId: number,
  turn: TurnInChat<A>,
): Promise<void> {
  let asked: A;
  try {
    asked = await turn.ask();
  } catch (err) {
    const crisis = crisisOf(err);
    if (crisis) return sendCrisis(api, deps, chatId, crisis, turn.via);
    if (err instanceof ServiceError) {
      await api.sendMessage(chatId, err.message, {
        reply_markup: err.code === 'payment_required' ? openAppButton(deps, '✨ Подписка', '/subscription') : undefined,
      });
      return;
    }
    throw err;
  }
  const head = turn.head(asked);
  // The answer is written whatever the chat does (it is stored for the app too); a stop ends the stream here.
  let onStop = () => {};
  const stop = new Promise<null>((resolve) => (onStop = () => resolve(null)));
  const live = await openLiveReply(api, deps, chatId, { waiting: turn.waiting(asked), waitingHtml: true, onStop });
  let text = '';
  const answering = asked.answer((e) => {
    if (e.type === 'reset') text = '';
    else text += e.text;
    live.update(`${head}${markdownToHtml(text)}`);
  });
  const done = (await Promise.race([answering, stop])) as Done<A> | null;
  if (!done) answering.catch((err) => deps.logger.warn({ err: String(err), readingId, via: turn.via }, 'a stopped answer failed'));
  const parts = splitText(((done ? turn.textOf(done) : null) ?? text).trim() || '…');
  const notice = done ? turn.notice(done) : `\n\n<i>${turn.stopped}</i>`;
  let kb = openAppButton(deps, '📖 Открыть в приложении', `/history/${readingId}`);
  if (asked.allowance.remaining > 0) {
    const again = turn.again(asked.allowance.remaining);
    kb = (kb ?? new InlineKeyboard()).row().text(again.text, again.data);
  }
  await live.finish(
    parts.map((p, i) => (i === 0 ? head : '') + markdownToHtml(p) + (i === parts.length - 1 ? notice : '')),
    kb,
  );
}
