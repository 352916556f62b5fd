// The archive's search: by the question's words and by a card's name, sent with «Найти».
import { useState } from 'react';
import type { ArchiveSearch } from './useArchive';

export function HistorySearch({ onSearch }: { onSearch: (search: ArchiveSearch) => void }) {
  const [query, setQuery] = useState('');
  const [card, setCard] = useState('');
  return (
    <form
      className="history-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch({ q: query.trim() || undefined, card: card.trim() || undefined });
      }}
    >
      <input
        className="input"
        type="search"
        placeholder="Поиск по вопросу"
        value={query}
        maxLength={100}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="history-search-q"
      />
      <input
        className="input"
        type="search"
        placeholder="Карта, например «Звезда»"
        value={card}
        maxLength={60}
        onChange={(e) => setCard(e.target.value)}
        data-testid="history-search-card"
      />
      <button type="submit" className="btn btn-secondary" data-testid="history-search-go">
        Найти
      </button>
    </form>
  );
}
