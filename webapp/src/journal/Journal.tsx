// «Дневник»: the month in cards — which came most often, the suits and elements, the share of major arcana
// and of reversed cards — from the user's own readings and daily cards (GET /api/user/journal).
import { SECTION_NAMES } from '../../../domain/commerce/catalogue';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon } from '../components/Icon';
import { Page } from '../components/Page';
import { Bars, Ring } from './Charts';
import { PatternBlocks } from './Patterns';
import { getJournal } from './journal-api';
import { keys, useApi } from '../data';
import './journal.css';

export default function Journal() {
  const [, navigate] = useLocation();
  const [month, setMonth] = useState<string | undefined>(undefined);
  // Whether the figures count the readings of the user's own deck («своя колода»).
  const [ownDeck, setOwnDeck] = useState<'include' | 'exclude'>('include');
  // «Всё время» is VIP's; for others the server answers 402 and the screen offers the plan.
  const [scope, setScope] = useState<'month' | 'all'>('month');
  // Another month keeps the shown one until it arrives.
  const {
    data,
    error: failed,
    isValidating,
    reload,
  } = useApi(keys.journal(month, ownDeck, scope), () => getJournal(month, ownDeck, scope), { keepPreviousData: true });
  const locked = scope === 'all' && failed?.status === 402 && !isValidating;
  const error = failed && !isValidating && !locked ? failed.message : null;

  return (
    <Page back={() => navigate('/')} loading={!data && !error} testId="journal" className="journal">
      <header className="screen-head">
        <span className="screen-icon">
          <Icon name="scroll" size={30} />
        </span>
        <h1 className="title">{SECTION_NAMES.journal}</h1>
        <p className="hint">Какие карты были рядом с вами — по вашим раскладам и картам дня.</p>
      </header>
      {error && <ErrorBlock message={error} onRetry={reload} />}
      <div className="journal-scope" role="group" aria-label="Период">
        {(['month', 'all'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className="btn btn-secondary"
            aria-pressed={scope === s}
            onClick={() => setScope(s)}
            data-testid={`journal-scope-${s}`}
          >
            {s === 'month' ? 'По месяцам' : 'Всё время'}
          </button>
        ))}
      </div>
      {locked && (
        <section className="panel center" data-testid="journal-all-locked">
          <p>{failed?.message}</p>
          <button type="button" className="btn btn-primary" onClick={() => navigate('/subscription')}>
            Подробнее о VIP
          </button>
        </section>
      )}
      {data && !locked && (
        <>
          {scope === 'all' ? (
            <strong className="journal-all-label" data-testid="journal-month">
              {data.monthLabel}
            </strong>
          ) : (
            <nav className="journal-month" aria-label="Месяц">
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setMonth(data.prevMonth)}
                data-testid="journal-prev"
                aria-label="Предыдущий месяц"
              >
                ‹
              </button>
              <strong data-testid="journal-month">{data.monthLabel}</strong>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={!data.nextMonth}
                onClick={() => data.nextMonth && setMonth(data.nextMonth)}
                data-testid="journal-next"
                aria-label="Следующий месяц"
              >
                ›
              </button>
            </nav>
          )}
          <p className="journal-totals" data-testid="journal-totals">
            Раскладов: {data.readings} · карт дня: {data.dailyCards} · всего карт: {data.cards}
          </p>
          {(data.ownDeckReadings > 0 || ownDeck === 'exclude') && (
            <label className="journal-own" data-testid="journal-own">
              <input
                type="checkbox"
                checked={ownDeck === 'include'}
                onChange={(e) => setOwnDeck(e.target.checked ? 'include' : 'exclude')}
                data-testid="journal-own-toggle"
              />
              <span>Учитывать расклады своей колоды ({data.ownDeckReadings})</span>
            </label>
          )}
          {data.dailyNotes.length > 0 && (
            <section className="panel journal-block" data-testid="journal-day-notes">
              <h2>Заметки о днях</h2>
              <ul className="journal-notes">
                {data.dailyNotes.map((n) => (
                  <li key={n.day} data-testid="journal-day-note">
                    <span className="hint">
                      {dayLabel(n.day)} · {n.cardName}
                      {n.reversed ? ' (перевёрнутая)' : ''}
                    </span>
                    <p>{n.note}</p>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {data.cards === 0 ? (
            <section className="panel center" data-testid="journal-empty">
              <h2>В этом месяце карт пока не было</h2>
              <p className="hint">Вытяните карту дня или сделайте расклад — и здесь появится ваша картина месяца.</p>
              <button type="button" className="btn btn-primary" onClick={() => navigate('/daily-card')}>
                Карта дня
              </button>
            </section>
          ) : (
            <>
              <section className="panel journal-block">
                <h2>Чаще всего выпадали</h2>
                <Bars testId="journal-top" items={data.topCards.map((c) => ({ key: c.cardId, label: c.name, count: c.count }))} />
              </section>
              <section className="panel journal-block">
                <h2>Масти</h2>
                <Bars testId="journal-suits" items={data.suits.map((s) => ({ key: s.suit, label: s.label, count: s.count }))} />
              </section>
              <section className="panel journal-block">
                <h2>Стихии</h2>
                <Bars testId="journal-elements" items={data.elements.map((e) => ({ key: e.element, label: e.label, count: e.count }))} />
              </section>
              <section className="panel journal-rings">
                <Ring share={data.majorShare} label="Старшие арканы" testId="journal-major" />
                <Ring share={data.reversedShare} label="Перевёрнутые карты" testId="journal-reversed" />
              </section>
              <PatternBlocks patterns={data.patterns} />
            </>
          )}
        </>
      )}
    </Page>
  );
}

/** '2026-12-06' → «6 декабря». */
function dayLabel(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });
}
