// «Расклад на двоих»: the user's pairs, a new invitation (a VIP's single-use link, shared through Telegram), and
// the consent screen when the app was opened from someone's invitation (start parameter `pair_<token>`).
import { useEffect, useRef, useState } from 'react';
import { mutate } from 'swr';
import { useLocation } from 'wouter';
import { ApiError } from '../api';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { useApi } from '../data';
import { useStatus } from '../hooks/useStatus';
import { usePrices } from '../payments/prices';
import { insideTelegram, readLaunchParams } from '../telegram/launch';
import { openTelegramLink, shareMessage } from '../telegram/methods';
import { requestChat, requestChatSupported } from '../telegram/request-chat';
import { acceptInvitation, createInvitation, getInvitation, getPairs, pairKeys, type Invitation } from './pairs-api';
import './pairs.css';

const HANDLED = 'pair-invite-handled';

/** The invitation token the app was opened with, unless already accepted or declined in this session. */
function pendingToken(): string | null {
  const p = readLaunchParams().startParam ?? new URLSearchParams(location.search).get('invite');
  if (!p?.startsWith('pair_')) return null;
  const token = p.slice(5);
  return sessionStorage.getItem(HANDLED) === token ? null : token;
}

function Consent(props: { token: string; onDone: () => void }) {
  const [, navigate] = useLocation();
  const { data, error } = useApi(`/api/pairs/invitations/${props.token}`, () => getInvitation(props.token));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const close = () => {
    sessionStorage.setItem(HANDLED, props.token);
    props.onDone();
  };
  const accept = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const pair = await acceptInvitation(props.token);
      sessionStorage.setItem(HANDLED, props.token);
      void mutate(pairKeys.list);
      navigate(`/pairs/${pair.id}`);
    } catch (e) {
      setFailed(e instanceof ApiError ? e.message.replace(/^token: /, '') : 'Не получилось принять приглашение.');
      setBusy(false);
    }
  };
  if (error)
    return (
      <section className="panel" data-testid="pair-consent">
        <h2>Приглашение не работает</h2>
        <p>{error.message.replace(/^token: /, '')}</p>
        <button type="button" className="btn btn-secondary" onClick={close}>
          Понятно
        </button>
      </section>
    );
  if (!data) return <span className="spinner" role="status" aria-label="Загрузка…" />;
  return (
    <section className="panel" data-testid="pair-consent">
      <h2>{data.own ? 'Это ваше приглашение' : `${data.inviter} приглашает вас в «Расклад на двоих»`}</h2>
      {data.own ? (
        <p>Отправьте ссылку тому, с кем хотите смотреть расклады вместе.</p>
      ) : (
        <>
          <p>Если вы согласитесь, вы оба увидите:</p>
          <ul>
            <li>
              совместимость ваших натальных карт (если каждый заполнил свою): положение Солнца, Луны, Венеры, Марса и Асцендента и аспекты
              между ними;
            </li>
            <li>расклады на двоих, которые задаст {data.inviter}, с их толкованием.</li>
          </ul>
          <p>
            Ваши собственные расклады и заметки останутся видны только вам. Выйти из пары можно в любой момент — тогда партнёр перестанет
            видеть вашу карту. Подписка вам не нужна.
          </p>
          {failed && (
            <p className="error" role="alert">
              {failed}
            </p>
          )}
          <button type="button" className="btn btn-primary" disabled={busy} onClick={accept} data-testid="pair-accept">
            Согласиться
          </button>
        </>
      )}
      <button type="button" className="btn btn-secondary" onClick={close}>
        {data.own ? 'Закрыть' : 'Не сейчас'}
      </button>
    </section>
  );
}

/** The link as text; outside Telegram (no share sheet) with a copy button, selecting the text where copying is refused. */
function InvitationLink(props: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [copied, setCopied] = useState<'copied' | 'selected' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.text);
      setCopied('copied');
    } catch {
      const el = ref.current;
      const selection = window.getSelection();
      if (el && selection) {
        const range = document.createRange();
        range.selectNodeContents(el);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setCopied('selected');
    }
  };
  return (
    <div data-testid="pair-invitation" className="invite-row">
      <p className="invite-link" ref={ref}>
        {props.text}
      </p>
      {!insideTelegram() && (
        <button type="button" className="btn btn-secondary" onClick={copy} data-testid="pair-invite-copy">
          {copied === 'copied' ? 'Скопировано' : 'Скопировать'}
        </button>
      )}
      <span role="status" className="hint" data-testid="pair-invite-copied">
        {copied === 'copied' ? 'Ссылка скопирована' : copied === 'selected' ? 'Ссылка выделена — скопируйте её' : ''}
      </span>
    </div>
  );
}

function Invite() {
  const [, navigate] = useLocation();
  const status = useStatus().data?.userStatus;
  // Inviting is VIP's: said before the tap, with the price, not found out from a refusal.
  const vip = !status || status.subscriptionType === 'vip' || status.special;
  const vipPrice = usePrices(!vip).monthly('vip');
  const [inv, setInv] = useState<Invitation | null>(null);
  const [failed, setFailed] = useState<ApiError | null>(null);
  // Telegram 9.6+: the partner is chosen from the user's contacts and the bot sends them the invitation.
  const [canChoose, setCanChoose] = useState(false);
  const [chosen, setChosen] = useState<'sent' | 'refused' | null>(null);
  useEffect(() => {
    void requestChatSupported().then(setCanChoose);
  }, []);
  const make = async (choose: boolean) => {
    setFailed(null);
    setChosen(null);
    try {
      const i = await createInvitation();
      setInv(i);
      if (choose) {
        if (i.partnerButtonId && (await requestChat(i.partnerButtonId)) === 'sent') return setChosen('sent');
        // Closed or refused: the invitation goes out as it does without the choice.
        setChosen('refused');
      }
      // Telegram's own chooser of a chat (shareMessage) when the bot prepared the message; else its share sheet.
      if (i.preparedMessageId && (await shareMessage(i.preparedMessageId))) return;
      if (i.link)
        openTelegramLink(
          `https://t.me/share/url?url=${encodeURIComponent(i.link)}&text=${encodeURIComponent('Давай посмотрим расклад на двоих')}`,
        );
    } catch (e) {
      setFailed(e instanceof ApiError ? e : new ApiError(0, 'Не получилось создать приглашение.'));
    }
  };
  return (
    <section className="panel">
      <h2>Пригласить партнёра</h2>
      <p className="hint">Ссылка одноразовая и действует 7 дней. Пара появится, только когда партнёр согласится.</p>
      {!vip && (
        <p className="hint" data-testid="pair-invite-vip">
          Приглашать в пару можно с VIP-подпиской{vipPrice ? ` (${vipPrice})` : ''}. Принять чужое приглашение можно без подписки.
        </p>
      )}
      {inv && <InvitationLink text={inv.link ?? inv.startParam} />}
      {chosen && (
        <p className="hint" role="status" data-testid="pair-choose-status">
          {chosen === 'sent'
            ? 'Бот отправит приглашение выбранному человеку и напишет вам в чат, получилось ли.'
            : 'Партнёр не выбран — отправьте приглашение в чат сами.'}
        </p>
      )}
      {failed && (
        <p className="error" role="alert">
          {failed.message}
        </p>
      )}
      {!vip || failed?.status === 402 ? (
        <button type="button" className="btn btn-primary" onClick={() => navigate('/subscription')} data-testid="pair-invite-subscribe">
          Оформить VIP
        </button>
      ) : (
        <>
          {canChoose && (
            <button type="button" className="btn btn-primary" onClick={() => make(true)} data-testid="pair-choose">
              Выбрать партнёра в Telegram
            </button>
          )}
          <button
            type="button"
            className={`btn ${canChoose ? 'btn-secondary' : 'btn-primary'}`}
            onClick={() => make(false)}
            data-testid="pair-invite"
          >
            {inv ? 'Новая ссылка' : 'Создать приглашение'}
          </button>
        </>
      )}
    </section>
  );
}

export default function Pairs() {
  const [, navigate] = useLocation();
  const [token, setToken] = useState(pendingToken);
  const { data, error, reload } = useApi(pairKeys.list, getPairs);
  return (
    <Page back={() => navigate('/')} testId="pairs">
      <header className="screen-head">
        <p className="kicker">Вдвоём</p>
        <h1 className="title">Расклад на двоих</h1>
      </header>
      {token && <Consent token={token} onDone={() => setToken(null)} />}
      {error && <ErrorBlock message={error.message} onRetry={reload} />}
      {data && data.pairs.length > 0 && (
        <ul className="pair-list">
          {data.pairs.map((p) => (
            <li key={p.id}>
              <button type="button" className="panel btn-plain" onClick={() => navigate(`/pairs/${p.id}`)} data-testid="pair-item">
                <strong>{p.partner.name}</strong>
                <span className="hint">
                  {' '}
                  · {p.role === 'inviter' ? 'вы пригласили' : 'вас пригласили'}
                  {p.active ? '' : ' · пара распалась'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && data.pairs.length === 0 && !token && <p className="hint">Пока вы ни с кем не в паре.</p>}
      {/* Someone opening an invitation came to accept it: no invitation of their own, nothing to buy beside it. */}
      {!token && <Invite />}
    </Page>
  );
}
