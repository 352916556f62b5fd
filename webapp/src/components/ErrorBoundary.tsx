// The global error boundary: a readable screen with a way forward instead of a blank page. A chunk that
// failed to load (a lost connection while opening a screen) gets a reload.
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn('Screen failed:', error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = /dynamically imported module|Importing a module script failed|Failed to fetch|error loading/i.test(error.message);
    return (
      <main className="page">
        <section className="panel error-screen" role="alert" data-testid="error-boundary">
          <div className="error-icon" aria-hidden="true">☾</div>
          <h1>Что-то пошло не так</h1>
          <p className="hint">
            {chunk ? 'Не удалось загрузить экран. Проверьте соединение с интернетом.' : 'Произошла непредвиденная ошибка. Мы уже знаем о ней.'}
          </p>
          <p className="error-detail">{error.message || 'Неизвестная ошибка'}</p>
          <div className="stack">
            <button type="button" className="btn btn-primary btn-block" onClick={() => window.location.reload()}>
              Обновить
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-block"
              onClick={() => {
                window.location.href = '/';
              }}
            >
              На главную
            </button>
          </div>
        </section>
      </main>
    );
  }
}
