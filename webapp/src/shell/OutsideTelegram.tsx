// Opened without Telegram's launch data (no initData, no launch token): nothing can be shown for an unknown
// user, so instead of a raw authorization error the page says where the app lives and links to the bot.
import { useEffect, useState } from 'react';

export default function OutsideTelegram() {
  const [url, setUrl] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    fetch('/api/bot-link')
      .then((r) => r.json())
      .then((b: { data?: { url?: string | null } }) => setUrl(b?.data?.url ?? null))
      .catch(() => setUrl(null))
      .finally(() => setLoaded(true));
  }, []);
  return (
    <main className="page outside" data-testid="outside-telegram">
      <header className="screen-head">
        <span className="screen-icon" aria-hidden="true">
          ✦
        </span>
        <h1 className="title">Таро живёт в Telegram</h1>
        <p>Карты, расклады и ваша история привязаны к аккаунту Telegram. Откройте приложение из чата с ботом — мы узнаем вас и всё будет на месте.</p>
      </header>
      {url ? (
        <a className="btn btn-primary btn-block" href={url} data-testid="open-bot">
          Открыть бота в Telegram
        </a>
      ) : (
        loaded && (
          <p className="panel" data-testid="open-bot-missing">
            Найдите нашего бота в Telegram и нажмите кнопку «Открыть» в чате.
          </p>
        )
      )}
      <p className="hint center">Уже в Telegram? Закройте это окно и откройте приложение кнопкой в чате с ботом.</p>
    </main>
  );
}
