// One pair: the compatibility of the two charts, the pair's readings (opened in the archive's reading screen,
// where each writes notes only they see), asking a new six-card spread (the inviter, with VIP) and leaving. The
// server deals the spread here; its cards are then picked from the fan and turned on the ordinary table (/cards).
import { useState } from 'react';
import { mutate } from 'swr';
import { useLocation, useParams } from 'wouter';
import { ApiError } from '../api';
import { CrisisHelp } from '../components/CrisisHelp';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { useApi } from '../data';
import { startPairTable } from '../flow';
import { askPair, getPair, leavePair, pairKeys, type PairView } from './pairs-api';
import { Synastry } from './Synastry';
import './pairs.css';

function Ask(props: { pair: PairView; onAsked: () => void }) {
  const [, navigate] = useLocation();
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<ApiError | null>(null);
  const ask = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const r = await askPair(props.pair.id, question);
      props.onAsked();
      startPairTable(r, props.pair.id);
      navigate('/cards');
    } catch (e) {
      setFailed(e instanceof ApiError ? e : new ApiError(0, 'Не получилось сделать расклад.'));
      setBusy(false);
    }
  };
  if (!props.pair.canAsk)
    return props.pair.askNote ? (
      <p className="hint" data-testid="pair-ask-note">
        {props.pair.askNote}
      </p>
    ) : null;
  return (
    <section className="panel">
      <h2>Новый расклад на двоих</h2>
      <p className="hint">
        Шесть карт: «Я», «Партнёр», «Что нас связывает», «Что разделяет», «Совет паре», «Перспектива». Расклад увидите вы оба.
      </p>
      <textarea
        className="textarea"
        value={question}
        maxLength={500}
        onChange={(e) => setQuestion(e.target.value)}
        placeholder="Например: что нам важно понять друг о друге?"
        data-testid="pair-question"
      />
      {failed?.crisis ? (
        <CrisisHelp answer={failed.crisis} />
      ) : (
        failed && (
          <p className="error" role="alert">
            {failed.message.replace(/^question: /, '')}
          </p>
        )
      )}
      <button type="button" className="btn btn-primary" disabled={busy || question.trim().length < 3} onClick={ask} data-testid="pair-ask">
        Сделать расклад
      </button>
    </section>
  );
}

export default function PairScreen() {
  const [, navigate] = useLocation();
  const id = Number(useParams<{ id: string }>().id);
  const { data: pair, error, reload } = useApi(pairKeys.pair(id), () => getPair(id));
  const [leaving, setLeaving] = useState(false);
  const leave = async () => {
    if (!window.confirm('Выйти из пары? Партнёр перестанет видеть вашу карту, а расклады останутся у того, кто их задал.')) return;
    setLeaving(true);
    try {
      await leavePair(id);
      void mutate(pairKeys.list);
      navigate('/pairs');
    } catch {
      setLeaving(false);
    }
  };
  return (
    <Page back={() => navigate('/pairs')} testId="pair" loading={!pair && !error}>
      <header className="screen-head">
        <p className="kicker">Расклад на двоих</p>
        <h1 className="title">{pair ? `Вы и ${pair.partner.name}` : 'Пара'}</h1>
      </header>
      {error && (
        <ErrorBlock
          message={error.status === 404 ? 'Пара не найдена' : error.message}
          onRetry={error.status === 404 ? undefined : reload}
        />
      )}
      {pair && (
        <>
          <section className="panel">
            <h2>Совместимость карт</h2>
            <Synastry synastry={pair.synastry} />
          </section>
          <Ask pair={pair} onAsked={() => void mutate(pairKeys.pair(id))} />
          <section className="panel" data-testid="pair-readings">
            <h2>Расклады пары</h2>
            {pair.readings.length === 0 && <p className="hint">Раскладов пока нет.</p>}
            {pair.readings.map((r) => (
              <div key={r.id} className="pair-reading">
                <button type="button" className="btn-plain" onClick={() => navigate(`/history/${r.id}`)} data-testid="pair-reading">
                  <strong>{r.question}</strong>
                </button>
                <p className="hint">
                  {r.cards.map((c) => `${c.positionName}: ${c.name}${c.reversed ? ' (перевёрнутая)' : ''}`).join(' · ')}
                </p>
              </div>
            ))}
          </section>
          {pair.active && (
            <button type="button" className="btn btn-secondary" disabled={leaving} onClick={leave} data-testid="pair-leave">
              Выйти из пары
            </button>
          )}
        </>
      )}
    </Page>
  );
}
