// Sharing a reading: inside Telegram «Поделиться» sends the picture to any chat (savePreparedInlineMessage on
// the server, shareMessage here) and «В историю» posts the story picture (shareToStory); in a browser the
// picture is downloaded. The user chooses whether the question is on the picture.
import { useState } from 'react';
import { ApiError, prepareShare } from '../api';
import { storyPicture } from './share-api';
import { insideTelegram } from '../telegram/launch';
import { haptic } from '../telegram/bridge';
import { shareMessage, shareToStory } from '../telegram/methods';
import { keyboardLaunch, SendToChat } from './SendToChat';
import './share.css';

type Busy = null | 'share' | 'story' | 'download';

export function ShareBar(props: { readingId: number }) {
  const [withQuestion, setWithQuestion] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const telegram = insideTelegram();

  const kit = () => prepareShare(props.readingId, withQuestion);

  const run = (what: Exclude<Busy, null>, fn: () => Promise<string | null>) => {
    setBusy(what);
    setMessage(null);
    fn()
      .then((text) => {
        haptic('success');
        if (text) setMessage({ text });
      })
      .catch((e: Error) => {
        haptic('error');
        setMessage({ text: e instanceof ApiError || e.message ? e.message : 'Не удалось поделиться', error: true });
      })
      .finally(() => setBusy(null));
  };

  const share = () =>
    run('share', async () => {
      const k = await kit();
      if (!k.preparedMessageId || !(await shareMessage(k.preparedMessageId)))
        throw new Error('Telegram не смог подготовить сообщение. Попробуйте ещё раз.');
      return 'Выберите чат, чтобы отправить расклад';
    });

  const story = () =>
    run('story', async () => {
      const k = await kit();
      const ok = await shareToStory(
        k.storyUrl,
        k.caption.slice(0, 200),
        k.appLink ? { url: k.appLink, name: 'Сделать расклад' } : undefined,
      );
      if (!ok) throw new Error('Истории недоступны в этой версии Telegram');
      return null;
    });

  const download = () =>
    run('download', async () => {
      const blob = await storyPicture(props.readingId, withQuestion);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `taro-rasklad-${props.readingId}.${blob.type === 'image/png' ? 'png' : 'jpg'}`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return 'Картинка сохранена';
    });

  return (
    <section className="panel share-bar" data-testid="share-bar" aria-label="Поделиться раскладом">
      <h2>Поделиться раскладом</h2>
      <p className="hint">Красивая картинка с вашими картами — для друзей или для истории.</p>
      <label className="share-toggle">
        <input
          type="checkbox"
          checked={withQuestion}
          onChange={(e) => setWithQuestion(e.target.checked)}
          data-testid="share-with-question"
        />
        Показать мой вопрос на картинке
      </label>
      <div className="share-actions">
        {telegram ? (
          <>
            <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={share} data-testid="share-message">
              {busy === 'share' ? 'Готовим…' : 'Поделиться'}
            </button>
            <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={story} data-testid="share-story">
              {busy === 'story' ? 'Готовим…' : 'В историю'}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={download} data-testid="share-download">
            {busy === 'download' ? 'Готовим…' : 'Скачать картинку'}
          </button>
        )}
      </div>
      {keyboardLaunch() && <SendToChat readingId={props.readingId} />}
      {message && (
        <p className={`field-hint${message.error ? ' is-error' : ''}`} role="status" data-testid="share-status">
          {message.text}
        </p>
      )}
    </section>
  );
}
