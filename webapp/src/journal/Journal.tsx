// «Дневник»: the month in cards — which came most often, the suits and elements, the share of major arcana
// and of reversed cards — from the user's own readings and daily cards (GET /api/user/journal).
import { SECTION_NAMES } from '../../../domain/commerce/catalogue';
import { useLocation } from 'wouter';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon } from '../components/Icon';
import { Page } from '../components/Page';
import { JournalDayNotes } from './JournalDayNotes';
import { JournalFigures } from './JournalFigures';
import { JournalMonthNav } from './JournalMonthNav';
import { useJournal } from './useJournal';
import './journal.css';

export default function Journal() {
  const [, navigate] = useLocation();
  const { data, failed, locked, error, reload, setMonth, ownDeck, setOwnDeck, scope, setScope } = useJournal();

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
          <JournalMonthNav data={data} scope={scope} onMonth={setMonth} />
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
          <JournalDayNotes notes={data.dailyNotes} />
          <JournalFigures data={data} />
        </>
      )}
    </Page>
  );
}
