// The global error boundary: a readable screen with a way forward instead of a blank page. A chunk that
// failed to load (a lost connection while opening a screen) gets a reload.
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** A screen's code that did not arrive (a lost connection while opening it), as Chromium, Safari and Firefox word it. */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|Failed to fetch|error loading|Unable to preload/i;

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

  /** «Повторить»: a screen whose code failed to load is fetched again by a reload; any other error draws the screen again. */
  private retry = (chunk: boolean) => {
    if (chunk) window.location.reload();
    else this.setState({ error: null });
  };

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = CHUNK_FAILURE.test(error.message);
    // The error's own text is for developers (the console has it): the screen says what happened in Russian.
    return (
      <main className="page">
        <section className="panel error-screen" role="alert" data-testid="error-boundary">
          <div className="error-icon" aria-hidden="true">
            ☾
          </div>
          <h1>Что-то пошло не так</h1>
          <p className="hint">
            {chunk
              ? 'Не удалось загрузить экран. Проверьте соединение с интернетом и попробуйте ещё раз.'
              : 'Произошла непредвиденная ошибка. Мы уже знаем о ней.'}
          </p>
          <div className="stack">
            <button type="button" className="btn btn-primary btn-block" onClick={() => this.retry(chunk)} data-testid="error-retry">
              Повторить
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
