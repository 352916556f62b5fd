// Opened in a browser without a session: the sign-in page. Two ways in: the Telegram Login Widget (in local
// mode a stand-in that signs as Telegram does) or the bot's /web link. `refused`: the link or return token
// that brought the user here was used or expired.
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api';
import { getBotLink, localLoginWidgetData, signInWithWidget } from '../auth/auth-api';
import type { LoginWidgetData } from '../../../domain/app/login-widget';

type BotLink = Awaited<ReturnType<typeof getBotLink>>;

/** After signing in the app starts afresh at home, now with the cookie. */
const enterApp = () => window.location.replace('/');

function TelegramWidget({ bot, onAuth }: { bot: string; onAuth: (f: LoginWidgetData) => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    (window as unknown as { onTelegramAuth: (f: LoginWidgetData) => void }).onTelegramAuth = onAuth;
    const script = document.createElement('script');
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.async = true;
    script.dataset.telegramLogin = bot;
    script.dataset.size = 'large';
    script.dataset.onauth = 'onTelegramAuth(user)';
    script.dataset.requestAccess = 'write';
    box.current?.appendChild(script);
  }, [bot, onAuth]);
  return <div ref={box} className="center" data-testid="telegram-widget" />;
}

function LocalWidget({ onAuth }: { onAuth: (f: LoginWidgetData) => void }) {
  const [user, setUser] = useState('100000001');
  const [name, setName] = useState('Анна');
  const signIn = async () => {
    onAuth(await localLoginWidgetData(user, name));
  };
  return (
    <div className="panel local-widget" data-testid="local-widget">
      <p className="hint">Локальный режим: вместо виджета Telegram — заглушка, подписывающая вход так же, как Telegram.</p>
      <label>
        Telegram id <input value={user} onChange={(e) => setUser(e.target.value)} data-testid="local-widget-user" inputMode="numeric" />
      </label>
      <label>
        Имя <input value={name} onChange={(e) => setName(e.target.value)} data-testid="local-widget-name" />
      </label>
      <button type="button" className="btn btn-primary btn-block" onClick={() => void signIn()} data-testid="local-widget-sign-in">
        Войти через Telegram
      </button>
    </div>
  );
}

export default function OutsideTelegram({ refused = false }: { refused?: boolean }) {
  const [link, setLink] = useState<BotLink | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getBotLink()
      .then(setLink)
      .catch(() => setLink(null))
      .finally(() => setLoaded(true));
  }, []);
  const onAuth = async (fields: LoginWidgetData) => {
    setError(null);
    try {
      await signInWithWidget(fields);
      enterApp();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Не удалось войти, попробуйте ещё раз');
    }
  };
  return (
    <main className="page outside" data-testid="outside-telegram">
      <header className="screen-head">
        <span className="screen-icon" aria-hidden="true">
          ✦
        </span>
        <h1 className="title">{refused ? 'Ссылка больше не действует' : 'Войдите через Telegram'}</h1>
        {refused ? (
          <p data-testid="token-refused">
            Эта ссылка уже использована или устарела: ссылки для входа одноразовые и действуют недолго. Войдите снова одним из способов
            ниже.
          </p>
        ) : (
          <p>
            Карты, расклады и ваша история привязаны к аккаунту Telegram. Войдите, чтобы открыть их в браузере, или откройте приложение из
            чата с ботом.
          </p>
        )}
      </header>
      {link?.widgetBot && <TelegramWidget bot={link.widgetBot} onAuth={(f) => void onAuth(f)} />}
      {link?.localSignIn && <LocalWidget onAuth={(f) => void onAuth(f)} />}
      {error && (
        <p className="panel" role="alert" data-testid="sign-in-error">
          {error}
        </p>
      )}
      <p className="hint">Или отправьте боту команду /web: он пришлёт одноразовую ссылку для входа в браузере.</p>
      {link?.url ? (
        <a className="btn btn-block" href={link.url} data-testid="open-bot">
          Открыть бота в Telegram
        </a>
      ) : (
        loaded && (
          <p className="panel" data-testid="open-bot-missing">
            Найдите нашего бота в Telegram и нажмите кнопку «Открыть» в чате.
          </p>
        )
      )}
    </main>
  );
}
