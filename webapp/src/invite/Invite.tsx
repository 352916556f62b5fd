// «Пригласить друзей»: the personal link (shared through Telegram's share sheet, copied outside Telegram), what it
// gives, and how many friends came by it. The reward is decided by the server on the friend's first reading.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { useApi } from '../data';
import { pluralRu } from '../../../domain/text/plural';
import { openTelegramLink } from '../telegram/methods';
import { getInvite, inviteKey, type InviteView } from './invite-api';
import './invite.css';

function Share({ v }: { v: InviteView }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const link = v.link ?? v.startParam;
  const share = async () => {
    if (v.shareUrl && openTelegramLink(v.shareUrl)) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="panel">
      <h2>Ваша ссылка</h2>
      <p className="invite-link" data-testid="invite-url">
        {link}
      </p>
      <button type="button" className="btn btn-primary" onClick={share} data-testid="invite-share">
        Поделиться ссылкой
      </button>
      <span role="status" className="hint">
        {copied === true ? 'Ссылка скопирована' : copied === false ? 'Выделите ссылку и скопируйте её' : ''}
      </span>
    </section>
  );
}

function Friends({ v }: { v: InviteView }) {
  const friends = (n: number) => `${n} ${pluralRu(n, 'друг', 'друга', 'друзей')}`;
  return (
    <section className="panel" data-testid="invite-counts">
      <h2>Друзья</h2>
      <dl className="invite-figures">
        <div>
          <dt>Пришли по ссылке</dt>
          <dd data-testid="invite-joined">{friends(v.joined)}</dd>
        </div>
        <div>
          <dt>Сделали первый расклад</dt>
          <dd data-testid="invite-rewarded">{friends(v.rewarded)}</dd>
        </div>
        <div>
          <dt>Наград в этом месяце</dt>
          <dd data-testid="invite-month">
            {v.rewardedThisMonth} из {v.monthlyCap}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export default function Invite() {
  const [, navigate] = useLocation();
  const { data, error, reload } = useApi(inviteKey, getInvite);
  return (
    <Page back={() => navigate('/')} testId="invite">
      <header className="screen-head">
        <p className="kicker">Друзья</p>
        <h1 className="title">Пригласить друзей</h1>
      </header>
      <p className="hint">
        Когда друг откроет приложение по вашей ссылке и сделает первый расклад, у вас обоих в тот день будет ещё один расклад. Наград — не
        больше {data?.monthlyCap ?? 5} в месяц.
      </p>
      {error && <ErrorBlock message={error.message} onRetry={reload} />}
      {data && <Share v={data} />}
      {data && <Friends v={data} />}
    </Page>
  );
}
