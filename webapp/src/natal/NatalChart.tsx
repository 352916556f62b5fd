// The natal chart, computed on the server from the saved birth data: the Sun, Moon and
// rising signs, five planets with sign, degree and element, and short cards. Without saved data it says
// 'Birth data not found'; a failed load offers Retry; 'New chart' clears the data and returns to the form.
import { useState } from 'react';
import { mutate } from 'swr';
import { useLocation } from 'wouter';
import { NATAL_MESSAGES } from '../../../domain/astro/natal-form';
import { zoneLabelRu } from '../../../domain/text/ru-format';
import { ApiError } from '../api';
import { ErrorBlock } from '../components/ErrorBlock';
import { keys, useApi } from '../data';
import { Page } from '../components/Page';
import { haptic } from '../telegram/bridge';
import { deleteBirthData, getChart, type NatalChartView } from './natal-api';
import { NatalPlanets } from './NatalPlanets';
import { Transits } from './Transits';
import './natal.css';

type State = { kind: 'loading' } | { kind: 'missing' } | { kind: 'error' } | { kind: 'ready'; chart: NatalChartView };

function formatBirth(chart: NatalChartView): string {
  const [y, m, d] = chart.birthData.date.split('-');
  return `${d}.${m}.${y}, ${chart.birthData.timeKnown ? chart.birthData.time : 'время неизвестно'}`;
}

export default function NatalChart() {
  const [, navigate] = useLocation();
  const { data: chart, error, isValidating, reload } = useApi(keys.natalChart, getChart);
  const state: State = chart
    ? { kind: 'ready', chart }
    : !error || isValidating
      ? { kind: 'loading' }
      : error.status === 404
        ? { kind: 'missing' }
        : { kind: 'error' };
  const [clearing, setClearing] = useState(false);
  const [clearError, setClearError] = useState<string | null>(null);

  const newChart = async () => {
    setClearing(true);
    setClearError(null);
    try {
      await deleteBirthData();
      haptic('select');
      navigate('/natal-form');
      // Nothing saved any more: the form opens empty, a chart opened later says so.
      void mutate(keys.natalChart, undefined, { revalidate: false });
      void mutate(keys.birthData, { birthData: null }, { revalidate: false });
    } catch (err) {
      setClearError(err instanceof ApiError ? err.message : NATAL_MESSAGES.loadError);
      setClearing(false);
    }
  };

  return (
    <Page back={() => navigate('/')} testId="natal-chart" loading={state.kind === 'loading'}>
      <header className="screen-head">
        <p className="kicker">Астрология</p>
        <h1 className="title">Ваша натальная карта</h1>
      </header>

      {state.kind === 'loading' && (
        <div className="center" aria-busy="true">
          <span className="spinner spinner-lg" role="status" aria-label="Загрузка…" />
        </div>
      )}

      {state.kind === 'missing' && (
        <section className="panel center" data-testid="natal-missing">
          <h2>{NATAL_MESSAGES.notFound}</h2>
          <p className="hint">Заполните дату, время и место рождения, и мы рассчитаем вашу карту.</p>
          <button type="button" className="btn btn-primary" onClick={() => navigate('/natal-form')} data-testid="to-natal-form">
            Указать данные рождения
          </button>
        </section>
      )}

      {state.kind === 'error' && <ErrorBlock message={NATAL_MESSAGES.loadError} onRetry={reload} />}

      {state.kind === 'ready' && <ChartView chart={state.chart} />}

      {state.kind === 'ready' && (
        <div className="stack">
          {clearError && <ErrorBlock message={clearError} />}
          <button
            type="button"
            className="btn btn-secondary btn-block"
            disabled={clearing}
            onClick={() => void newChart()}
            data-testid="new-chart"
          >
            {clearing ? <span className="spinner" aria-hidden="true" /> : null}
            Новая карта
          </button>
        </div>
      )}
    </Page>
  );
}

function ChartView({ chart }: { chart: NatalChartView }) {
  const big = [
    { label: 'Солнце', sign: chart.sunSign, symbol: chart.planets[0].signSymbol, testId: 'sun-sign' },
    { label: 'Луна', sign: chart.moonSign, symbol: chart.planets[1].signSymbol, testId: 'moon-sign' },
    ...(chart.ascendant && chart.risingSign
      ? [{ label: 'Асцендент', sign: chart.risingSign, symbol: chart.ascendant.signSymbol, testId: 'rising-sign' }]
      : []),
  ];
  return (
    <>
      <section className="birth-line" data-testid="birth-data">
        <span>{formatBirth(chart)}</span>
        <span>{chart.birthData.city}</span>
        <span className="hint">Время: {zoneLabelRu(chart.birthData.timeZone, chart.birthData.utcOffset)}</span>
      </section>

      <section className="big-three" aria-label="Главные знаки">
        {big.map((b) => (
          <div className="big-sign" key={b.label}>
            <span className="big-sign-symbol" aria-hidden="true">
              {b.symbol}&#xFE0E;
            </span>
            <span className="big-sign-name" data-testid={b.testId}>
              {b.sign}
            </span>
            <span className="big-sign-label">{b.label}</span>
          </div>
        ))}
      </section>

      {chart.timeNote && (
        <p className="field-note" data-testid="natal-time-note">
          {chart.timeNote}
        </p>
      )}

      <NatalPlanets chart={chart} />

      <section className="natal-cards" aria-label="Толкование">
        {chart.cards.map((c) => (
          <article className="natal-card" key={c.key} data-testid="natal-card">
            <p className="natal-card-sub">{c.subtitle}</p>
            <h3>{c.title}</h3>
            <p>{c.text}</p>
          </article>
        ))}
      </section>

      <Transits />

      <p className="disclaimer">{chart.disclaimer}</p>
    </>
  );
}
