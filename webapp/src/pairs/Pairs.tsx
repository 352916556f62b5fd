// «Расклад на двоих»: the user's pairs, a new invitation (a VIP's single-use link, shared through Telegram), and
// the consent screen when the app was opened from someone's invitation (start parameter `pair_<token>`).
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { useApi } from '../data';
import { Consent } from './Consent';
import { Invite } from './Invite';
import { getPairs, pairKeys } from './pairs-api';
import { pendingToken } from './usePairs';
import './pairs.css';

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
