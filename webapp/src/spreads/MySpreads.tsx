// «Свои расклады» (VIP): the user's spreads with «Разложить», «Изменить», «Поделиться» and «Удалить», the
// designer, and a shared link's spread (`?copy=<token>`, or the startapp `spread_<token>`) to copy. Without VIP
// the plan is offered instead, as for a VIP spread.
import { useLocation, useSearch } from 'wouter';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { VipOffer } from '../reading/VipOffer';
import { MySpreadItem } from './MySpreadItem';
import { SharedSpread } from './SharedSpread';
import { SpreadDesigner } from './SpreadDesigner';
import { deleteSpread } from './spreads-api';
import { useMySpreads } from './useMySpreads';
import '../people/people.css';
import './spreads.css';

export default function MySpreads() {
  const [, navigate] = useLocation();
  const copy = new URLSearchParams(useSearch()).get('copy');
  const { data, error, mutate, reload, editing, setEditing, message, act, share } = useMySpreads();

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
              <MySpreadItem
                key={s.id}
                spread={s}
                onDeal={() => navigate(`/my-spread-deal?id=${s.id}`)}
                onEdit={() => setEditing({ spread: s })}
                onShare={() => void share(s)}
                onDelete={() => void act(() => deleteSpread(s.id))}
              />
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
