// Under today's card, once per user: «Поставить карту дня в статус на сутки?» (when the operator configured the
// cards' custom emoji and the app runs inside Telegram). Either answer ends the offer on the server; a refusal
// or an older Telegram gets one quiet line, never a second ask.
import { useEffect, useState } from 'react';
import { getEmojiStatusOffer, markEmojiStatusOffered } from '../api';
import { insideTelegram } from '../telegram/launch';
import { type EmojiStatusResult, setEmojiStatusFor } from '../telegram/emoji-status';

const DAY_S = 86_400;

const RESULT_TEXT: Record<EmojiStatusResult, string> = {
  set: 'Готово: карта дня в вашем статусе до завтра.',
  denied: 'Хорошо, статус не трогаем.',
  unsupported: 'Эта версия Telegram пока не умеет ставить статус из приложения.',
  failed: 'Не получилось поставить статус. Ничего страшного — карта дня с вами и так.',
};

type State = { kind: 'hidden' } | { kind: 'offer'; emojiId: string } | { kind: 'asking' } | { kind: 'done'; result: EmojiStatusResult };

export function EmojiStatusOffer({ cardId }: { cardId: string }) {
  const [state, setState] = useState<State>({ kind: 'hidden' });
  useEffect(() => {
    if (!insideTelegram()) return;
    let live = true;
    getEmojiStatusOffer()
      .then((o) => live && o.customEmojiId && setState({ kind: 'offer', emojiId: o.customEmojiId }))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [cardId]);

  if (state.kind === 'hidden') return null;
  if (state.kind === 'done')
    return (
      <p className="hint center" role="status" data-testid="emoji-status-result">
        {RESULT_TEXT[state.result]}
      </p>
    );
  const accept = async () => {
    if (state.kind !== 'offer') return;
    setState({ kind: 'asking' });
    markEmojiStatusOffered().catch(() => {});
    setState({ kind: 'done', result: await setEmojiStatusFor(state.emojiId, DAY_S) });
  };
  const dismiss = () => {
    markEmojiStatusOffered().catch(() => {});
    setState({ kind: 'hidden' });
  };
  return (
    <section className="panel stack emoji-status-offer" data-testid="emoji-status-offer" aria-label="Карта дня в статусе">
      <p>Поставить карту дня в статус на сутки?</p>
      <div className="emoji-status-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={accept}
          disabled={state.kind === 'asking'}
          data-testid="emoji-status-yes"
        >
          Поставить
        </button>
        <button type="button" className="btn btn-secondary" onClick={dismiss} data-testid="emoji-status-no">
          Не нужно
        </button>
      </div>
    </section>
  );
}
