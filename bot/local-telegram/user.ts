// The user's side of each private chat, as the Telegram client produces it: typing, tapping a button, a Mini
// App's sendData, blocking the bot and paying an invoice each become the update Telegram would send the bot.
// The page (/dev/telegram) and the tests act through these.
import crypto from 'node:crypto';
import { escapeHtml } from './html';
import { inlineResultMessage } from './inline-result';
import { fileObject, isGroupId, unixNow, type Chat, type ChatMessage, type FakeUser, type Store } from './store';

type PayResult = { status: 'paid' | 'failed' | 'cancelled'; error?: string };

/** How long a payment waits for answerPreCheckoutQuery, as Telegram does. */
const PRE_CHECKOUT_TIMEOUT_MS = 10_000;

export function userSide(store: Store) {
  const { chat, pushMessage, tgChat, tgUser, touch, me } = store;
  const emit = store.updates.emit;

  /** The user blocks (or unblocks) the bot: a my_chat_member update, and 403s from then on. */
  function setBlocked(userId: number, blocked: boolean) {
    const c = chat(userId);
    if (c.blocked === blocked) return null;
    c.blocked = blocked;
    touch(c);
    const member = (status: string) => ({ user: me, status, ...(status === 'kicked' ? { until_date: 0 } : {}) });
    return emit({
      my_chat_member: {
        chat: tgChat(c),
        from: tgUser(c),
        date: unixNow(),
        old_chat_member: member(blocked ? 'member' : 'kicked'),
        new_chat_member: member(blocked ? 'kicked' : 'member'),
      },
    });
  }

  /** The common part of a user's message: ids, chat, sender, and the message it replies to. */
  function messageBase(c: Chat, messageId: number, date: number, o: { replyTo?: number; from?: FakeUser }) {
    const replied = o.replyTo === undefined ? undefined : c.messages.find((x) => x.message_id === o.replyTo);
    if (o.replyTo !== undefined && !replied) throw new Error(`no message ${o.replyTo} to reply to in chat ${c.user.id}`);
    return {
      message_id: messageId,
      date,
      chat: tgChat(c),
      from: o.from ? { is_bot: false, ...o.from } : tgUser(c),
      ...(replied ? { reply_to_message: store.botMessageObject(c, replied, true) } : {}),
    };
  }

  return {
    setBlocked,

    /**
     * The user types a message (a command when it starts with /), in reply to a message of the chat when
     * `replyTo` is given. In a group (a negative id, see `openGroup`) `o.from` is who writes.
     */
    sendText(user: number | FakeUser, text: string, o: { replyTo?: number; from?: FakeUser } = {}) {
      const c = typeof user === 'number' ? chat(user) : chat(user.id, user);
      // Writing to a blocked bot restarts it, as the client's «Restart» does.
      if (c.blocked) setBlocked(c.user.id, false);
      const m = pushMessage(c, { from: 'user', text, html: escapeHtml(text), kind: 'text', author: o.from, replyTo: o.replyTo });
      const cmd = /^\/[A-Za-z0-9_]+(@\w+)?/.exec(text);
      return emit({
        message: {
          ...messageBase(c, m.message_id, m.date, o),
          text,
          ...(cmd ? { entities: [{ type: 'bot_command', offset: 0, length: cmd[0].length }] } : {}),
        },
      });
    },

    /** The user sends a photo or a document (a receipt, a screenshot), with an optional caption. */
    sendFile(user: number | FakeUser, kind: 'photo' | 'document', caption = '') {
      const c = typeof user === 'number' ? chat(user) : chat(user.id, user);
      const file = { kind, fileId: `local_${kind}_${crypto.randomBytes(8).toString('hex')}`, caption };
      const label = kind === 'photo' ? '🖼' : '📎';
      const m = pushMessage(c, {
        from: 'user',
        text: caption,
        html: `${label}${caption ? ` ${escapeHtml(caption)}` : ''}`,
        kind: 'text',
        file,
      });
      return emit({ message: { ...messageBase(c, m.message_id, m.date, {}), ...fileObject(file) } });
    },

    /** The user sends a voice note (OGG/Opus bytes) of `duration` seconds: the bot may download it (getFile). */
    sendVoice(user: number | FakeUser, data: Buffer, duration: number) {
      const c = typeof user === 'number' ? chat(user) : chat(user.id, user);
      const fileId = store.addFile(data, 'oga');
      const voice = { fileId, duration, bytes: data.length, ogg: data.subarray(0, 4).toString('latin1') === 'OggS' };
      const m = pushMessage(c, {
        from: 'user',
        text: '',
        html: `🎤 Голосовое сообщение, 0:${String(duration).padStart(2, '0')}`,
        kind: 'text',
        voice,
      });
      return emit({ message: { ...store.botMessageObject(c, m), from: tgUser(c) } });
    },

    /** A group with the bot in it (e.g. the operators' support chat); its id is negative. */
    openGroup(chatId: number, title: string) {
      if (!isGroupId(chatId)) throw new Error('a group id is negative');
      chat(chatId, { id: chatId, first_name: title });
    },

    /** A group the bot is not a member of (its id negative): the bot can only be summoned there as a guest. */
    openGuestGroup(chatId: number, title: string) {
      if (!isGroupId(chatId)) throw new Error('a group id is negative');
      chat(chatId, { id: chatId, first_name: title }).guestOnly = true;
    },

    /**
     * `from` writes in a guest group (see `openGuestGroup`). The bot is not in it and gets nothing, unless the
     * text mentions it: then a guest_message with a guest_query_id (its id is returned, else null).
     */
    writeInGuestGroup(chatId: number, from: FakeUser, text: string): string | null {
      const c = chat(chatId);
      if (!c.guestOnly) throw new Error(`chat ${chatId} is not a guest group`);
      const m = pushMessage(c, { from: 'user', text, html: escapeHtml(text), kind: 'text', author: from });
      const mention = new RegExp(`@${me.username}\\b`, 'i').exec(text);
      if (!mention) return null;
      const id = crypto.randomUUID();
      store.guestQueries.set(id, { chatId, caller: from, answer: null });
      emit({
        guest_message: {
          ...messageBase(c, m.message_id, m.date, { from }),
          text,
          entities: [{ type: 'mention', offset: mention.index, length: mention[0].length }],
          guest_query_id: id,
        },
      });
      return id;
    },

    /** The user taps an inline button with callback_data on a bot message. */
    pressButton(userId: number, messageId: number, data: string) {
      const c = chat(userId);
      const m = store.findBotMessage(c, messageId);
      const id = String(crypto.randomInt(1e12, 9e12));
      store.callbackQueries.set(id, { chatId: userId });
      return emit({
        callback_query: { id, from: tgUser(c), message: store.botMessageObject(c, m), chat_instance: String(userId), data },
      });
    },

    /** The user chose people with a request_users button (a prepared one from the Mini App's requestChat too). */
    shareUsers(user: number | FakeUser, requestId: number, users: FakeUser[]) {
      const c = typeof user === 'number' ? chat(user) : chat(user.id, user);
      const m = pushMessage(c, {
        from: 'user',
        text: 'Выбранный контакт отправлен боту',
        html: '<i>Выбранный контакт отправлен боту</i>',
        kind: 'service',
      });
      return emit({
        message: {
          ...messageBase(c, m.message_id, m.date, {}),
          users_shared: { request_id: requestId, users: users.map((u) => ({ user_id: u.id, first_name: u.first_name })) },
        },
      });
    },

    /** A Mini App opened from a reply-keyboard button called sendData: the bot gets a service message. */
    sendWebAppData(userId: number, data: string, buttonText = 'Таро') {
      const c = chat(userId);
      const m = pushMessage(c, {
        from: 'user',
        text: `Данные из «${buttonText}»`,
        html: `<i>Данные из «${escapeHtml(buttonText)}»</i>`,
        kind: 'web_app_data',
      });
      return emit({ message: { ...messageBase(c, m.message_id, m.date, {}), web_app_data: { data, button_text: buttonText } } });
    },

    /**
     * The user pays an invoice (a message's or a link's slug): pre_checkout_query, then, when the bot
     * answers ok within 10 s, a successful_payment message. Returns what Telegram's openInvoice reports.
     */
    async pay(userId: number, ref: { messageId: number } | { slug: string }): Promise<PayResult> {
      const c = chat(userId);
      const invoice = 'slug' in ref ? store.invoiceLinks.get(ref.slug) : c.messages.find((m) => m.message_id === ref.messageId)?.invoice;
      if (!invoice) return { status: 'failed', error: 'Счёт не найден' };
      const queryId = String(crypto.randomInt(1e12, 9e12));
      const answer = new Promise<{ ok: boolean; error_message?: string }>((resolve) => {
        store.preCheckouts.set(queryId, resolve);
        setTimeout(() => {
          if (store.preCheckouts.delete(queryId)) resolve({ ok: false, error_message: 'Бот не ответил за 10 секунд' });
        }, PRE_CHECKOUT_TIMEOUT_MS).unref();
      });
      emit({
        pre_checkout_query: {
          id: queryId,
          from: tgUser(c),
          currency: invoice.currency,
          total_amount: invoice.total_amount,
          invoice_payload: invoice.payload,
        },
      });
      const a = await answer;
      if (!a.ok) {
        pushMessage(c, {
          from: 'bot',
          text: `Оплата не прошла: ${a.error_message}`,
          html: `<i>Оплата не прошла: ${escapeHtml(a.error_message ?? '')}</i>`,
          kind: 'service',
        });
        return { status: 'failed', error: a.error_message };
      }
      const chargeId = `local_${crypto.randomBytes(12).toString('hex')}`;
      const m = pushMessage(c, {
        from: 'user',
        text: `Оплачено: ${invoice.total_amount} ${invoice.currency}`,
        html: `<i>Оплачено: ${invoice.total_amount} ${escapeHtml(invoice.currency)}</i>`,
        kind: 'payment',
      });
      emit({
        message: {
          message_id: m.message_id,
          date: m.date,
          chat: tgChat(c),
          from: tgUser(c),
          successful_payment: {
            currency: invoice.currency,
            total_amount: invoice.total_amount,
            invoice_payload: invoice.payload,
            telegram_payment_charge_id: chargeId,
            provider_payment_charge_id: '',
            ...(invoice.subscription_period
              ? { subscription_expiration_date: unixNow() + invoice.subscription_period, is_recurring: true, is_first_recurring: true }
              : {}),
          },
        },
      });
      return { status: 'paid' };
    },

    /**
     * The user presses the draft's stop button (shown with can_stop): the bot gets stopped_message_generation.
     * The draft stays on screen when the bot asked for keep_on_stop, else it goes. Null when nothing can be stopped.
     */
    stopDraft(userId: number) {
      const c = chat(userId);
      const d = c.draft;
      if (!d?.canStop || d.stopped) return null;
      if (d.keepOnStop) d.stopped = true;
      else c.draft = null;
      touch(c);
      return emit({ stopped_message_generation: { chat: tgChat(c), draft_id: d.draftId } });
    },

    /**
     * The user types `@bot query` in some chat (`chatType`: the private chat with the bot is 'sender'): an
     * inline_query update; its id (see `waitForInlineAnswer`).
     */
    inlineQuery(userId: number, query: string, chatType: 'sender' | 'supergroup' = 'sender') {
      const c = chat(userId);
      const id = crypto.randomUUID();
      store.inlineQueries.set(id, { userId, answer: null });
      emit({ inline_query: { id, from: tgUser(c), query, offset: '', chat_type: chatType } });
      return id;
    },

    /**
     * The user picks result `resultId` of their answered inline query `queryId`: it is sent into chat `chatId`
     * as their message «via @bot». No update for the bot: chosen_inline_result comes only with inline feedback on
     * at BotFather, and in a group it is not in the bot sees nothing (in its own private chat Telegram would also
     * deliver the message with via_bot; that is not simulated).
     */
    sendInlineResult(chatId: number, from: FakeUser, queryId: string, resultId: string): ChatMessage {
      const q = store.inlineQueries.get(queryId);
      if (!q?.answer || q.userId !== from.id) throw new Error(`no answered inline query ${queryId} of user ${from.id}`);
      const r = q.answer.results.find((x) => String(x.id) === resultId);
      if (!r) throw new Error(`no result ${resultId} in inline query ${queryId}`);
      const c = chat(chatId);
      return pushMessage(c, {
        from: 'user',
        kind: 'text',
        author: isGroupId(chatId) ? from : undefined,
        viaBot: true,
        ...inlineResultMessage(r),
      });
    },

    /** Registers a user's profile (the name shown and sent in updates). */
    setProfile(user: FakeUser) {
      chat(user.id, user);
    },

    /** The user's client shows rich messages or not (an older one): without, both rich methods are refused. */
    setRichMessages(userId: number, supported: boolean) {
      chat(userId).noRich = !supported;
    },

    /** The group accepts ephemeral messages (Bot API 10.2) or refuses them, as an older server would. */
    setEphemeralMessages(chatId: number, supported: boolean) {
      chat(chatId).noEphemeral = !supported;
    },
  };
}
