// «Свои расклады» (VIP): the user's spreads with «Разложить», «Изменить», «Поделиться» and «Удалить», the
// designer, and a shared link's spread (`?copy=<token>`, or the startapp `spread_<token>`) to copy. Without VIP
// the plan is offered instead, as for a VIP spread.
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiError } from '../api';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { useApi } from '../data';
import { VipOffer } from '../reading/VipOffer';
import { SharedSpread } from './SharedSpread';
import { SpreadDesigner } from './SpreadDesigner';
import { SpreadGrid } from './SpreadGrid';
import { deleteSpread, getMySpreads, type MySpread, shareSpread, spreadKeys } from './spreads-api';
import '../people/people.css';
import './spreads.css';

export default function MySpreads() {
  const [, navigate] = useLocation();
  const copy = new URLSearchParams(useSearch()).get('copy');
  const { data, error, mutate, reload } = useApi(spreadKeys.list, getMySpreads);
  const [editing, setEditing] = useState<{ spread: MySpread | null } | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const act = async (fn: () => Promise<unknown>, done?: string) => {
    setMessage(null);
    try {
      await fn();
      if (done) setMessage(done);
      await mutate();
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : 'Не получилось');
    }
  };
  const share = (s: MySpread) =>
    act(async () => {
      const r = await shareSpread(s.id);
      const url = r.link ?? new URL(r.path, location.origin).toString();
      await navigator.clipboard?.writeText(url).catch(() => {});
      setMessage(`Ссылка скопирована: ${url}`);
    });

  return (
    <Page back={() => navigate('/')} testId="my-spreads" loading={!data && !error}>
      <header className="screen-head">
        <p className="kicker">Свои расклады</p>
        <h1 className="title">Конструктор раскладов</h1>
        <p className="hint">
          Придумайте свой расклад: от 2 до 10 позиций, у каждой — название и роль. Карты раздаёт и читает сервер, как в обычных раскладах.
        </p>
      </header>
      {error && !data && <ErrorBlock message={error.message} onRetry={reload} />}
      {copy && <SharedSpread token={copy} canCopy={!!data?.canDesign} onCopied={() => void mutate()} />}
      {data && !data.canDesign && <VipOffer title="Свои расклады — с VIP-подпиской" cta="Оформить VIP" testId="spreads-vip-offer" />}
      {data?.canDesign && editing && (
        <SpreadDesigner
          spread={editing.spread}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void mutate();
          }}
        />
      )}
      {data?.canDesign && !editing && (
        <>
          <ul className="my-spreads-list">
            {data.spreads.map((s) => (
              <li key={s.id} className="panel my-spread" data-testid="my-spread">
                <strong>{s.name}</strong>
                <span className="hint">{s.positions.map((p) => p.name).join(' · ')}</span>
                <SpreadGrid positions={s.positions} />
                <div className="person-buttons">
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={() => navigate(`/my-spread-deal?id=${s.id}`)}
                    data-testid="my-spread-deal"
                  >
                    Разложить
                  </button>
                  <button type="button" className="link-button" onClick={() => setEditing({ spread: s })}>
                    Изменить
                  </button>
                  <button type="button" className="link-button" onClick={() => void share(s)} data-testid="my-spread-share">
                    Поделиться
                  </button>
                  <button type="button" className="link-button is-danger" onClick={() => void act(() => deleteSpread(s.id))}>
                    Удалить
                  </button>
                </div>
              </li>
            ))}
          </ul>
          {message && (
            <p className="pay-message" role="status" data-testid="my-spreads-message">
              {message}
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={data.spreads.length >= data.limit}
            onClick={() => setEditing({ spread: null })}
            data-testid="new-spread"
          >
            Создать расклад
          </button>
          <p className="hint">
            Сохранено {data.spreads.length} из {data.limit}.
          </p>
        </>
      )}
    </Page>
  );
}
