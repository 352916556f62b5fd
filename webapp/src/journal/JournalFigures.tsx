// The period in cards: which came most often, the suits and elements, the share of major arcana and of
// reversed cards, and the patterns; a period without cards invites to draw one.
import { useLocation } from 'wouter';
import { Bars, Ring } from './Charts';
import { PatternBlocks } from './Patterns';
import type { JournalData } from './useJournal';

export function JournalFigures({ data }: { data: JournalData }) {
  const [, navigate] = useLocation();
  if (data.cards === 0)
    return (
      <section className="panel center" data-testid="journal-empty">
        <h2>В этом месяце карт пока не было</h2>
        <p className="hint">Вытяните карту дня или сделайте расклад — и здесь появится ваша картина месяца.</p>
        <button type="button" className="btn btn-primary" onClick={() => navigate('/daily-card')}>
          Карта дня
        </button>
      </section>
    );
  return (
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
  );
}
