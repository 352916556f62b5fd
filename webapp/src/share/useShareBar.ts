// Sharing state: whether the question is on the picture, which action is under way, and what it left to say.
// Inside Telegram the picture goes to a chat (the server's prepared message, shareMessage) or to a story
// (shareToStory); in a browser it is downloaded.
import { useState } from 'react';
import { ApiError, prepareShare } from '../api';
import { haptic } from '../telegram/bridge';
import { shareMessage, shareToStory } from '../telegram/methods';
import { storyPicture } from './share-api';

type Busy = null | 'share' | 'story' | 'download';

export function useShareBar(readingId: number) {
  const [withQuestion, setWithQuestion] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);

  const kit = () => prepareShare(readingId, withQuestion);

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
      const blob = await storyPicture(readingId, withQuestion);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `taro-rasklad-${readingId}.${blob.type === 'image/png' ? 'png' : 'jpg'}`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return 'Картинка сохранена';
    });
  return { withQuestion, setWithQuestion, busy, message, share, story, download };
}
