// One past reading in the archive: its spread, date, question, cards, an unfinished table's progress and the
// user's note; a tap opens it.
import type { ReadingView } from '../api';
import { SpreadIcon } from '../components/Icon';

const dateFmt = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export function HistoryItem({ r, onOpen }: { r: ReadingView; onOpen: () => void }) {
  return (
    <li>
      <button type="button" className="history-item" onClick={onOpen} data-testid="history-item">
        <span className="spread-icon">
          <SpreadIcon spreadType={r.spreadType} size={24} />
        </span>
        <span className="spread-body">
          <span className="history-meta">
            {r.spreadName} · {dateFmt.format(new Date(r.createdAt))}
          </span>
          <span className="history-question">«{r.question}»</span>
          {r.inProgress && (
            <span className="history-unfinished" data-testid="history-unfinished">
              Не закончен · открыто {r.turned} из {r.total}
            </span>
          )}
          {r.cards.length > 0 && <span className="history-cards">{r.cards.map((c) => c.name).join(', ')}</span>}
          {r.note && (
            <span className="history-note" data-testid="history-note">
              ✎ {r.note}
            </span>
          )}
        </span>
        <span className="chevron" aria-hidden="true">
          ›
        </span>
      </button>
    </li>
  );
}
