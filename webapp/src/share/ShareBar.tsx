// Sharing a reading: inside Telegram «Поделиться» sends the picture to any chat (savePreparedInlineMessage on
// the server, shareMessage here) and «В историю» posts the story picture (shareToStory); in a browser the
// picture is downloaded. The user chooses whether the question is on the picture.
import { insideTelegram } from '../telegram/launch';
import { keyboardLaunch, SendToChat } from './SendToChat';
import { useShareBar } from './useShareBar';
import './share.css';

export function ShareBar(props: { readingId: number }) {
  const { withQuestion, setWithQuestion, busy, message, share, story, download } = useShareBar(props.readingId);
  const telegram = insideTelegram();

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
