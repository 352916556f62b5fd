// Taking the user to pay: Stars with openInvoice inside Telegram; YooKassa's page (redirect) or its embedded
// widget in a browser; mock payments come back paid at once. None of this grants anything: afterwards the
// screens ask the server again (waitFor), which knows only confirmed payments.
import { pollDelayMs } from '../../../domain/commerce/pricing';
import { insideTelegram } from '../telegram/launch';
import type { CheckoutAnswer, PayProvider, Pricing } from './client';

export type InvoiceStatus = 'paid' | 'cancelled' | 'failed' | 'pending';

export type PayOutcome =
  | { kind: 'paid' }
  | { kind: 'already' }
  | { kind: 'redirecting' }
  | { kind: 'embedded'; token: string }
  | { kind: 'cancelled' }
  | { kind: 'pending' }
  | { kind: 'failed'; error?: string };

/** Inside Telegram: Stars when the server offers them; in a browser: YooKassa when configured; else the default. */
export function preferredProvider(p: Pick<Pricing, 'providers'> | null): PayProvider {
  const available = p?.providers.available ?? [];
  if (insideTelegram() && available.includes('stars')) return 'stars';
  if (available.includes('yookassa')) return 'yookassa';
  if (available.includes('stars')) return 'stars';
  return undefined;
}

type TelegramWebApp = { openInvoice?: (url: string, cb: (status: InvoiceStatus) => void) => void };

/** Telegram's invoice sheet; its status is for the UI only (access comes from the bot's successful_payment). */
export async function openInvoice(url: string): Promise<InvoiceStatus> {
  if (insideTelegram()) {
    try {
      const { invoice } = await import('@tma.js/sdk-react');
      if (invoice.openUrl.isAvailable()) return (await invoice.openUrl(url)) as InvoiceStatus;
    } catch {
      /* an old client: try the global object below */
    }
    const tg = (window as unknown as { Telegram?: { WebApp?: TelegramWebApp } }).Telegram?.WebApp;
    if (tg?.openInvoice) return new Promise((resolve) => tg.openInvoice!(url, resolve));
  }
  // A browser tab cannot pay Stars itself: Telegram opens the invoice from the link.
  window.open(url, '_blank', 'noopener');
  return 'pending';
}

/** Follows a create call's answer to the way it offers to pay. */
export async function runCheckout(answer: CheckoutAnswer): Promise<PayOutcome> {
  if (answer.alreadyPurchased) return { kind: 'already' };
  if (answer.mock) return { kind: 'paid' };
  if (answer.invoiceLink) {
    const status = await openInvoice(answer.invoiceLink);
    return status === 'paid'
      ? { kind: 'paid' }
      : status === 'pending'
        ? { kind: 'pending' }
        : status === 'cancelled'
          ? { kind: 'cancelled' }
          : { kind: 'failed' };
  }
  if (answer.confirmationUrl) {
    window.location.assign(answer.confirmationUrl);
    return { kind: 'redirecting' };
  }
  if (answer.confirmationToken) return { kind: 'embedded', token: answer.confirmationToken };
  // A missing confirmation URL or token is an internal error.
  throw new Error('Не получена ссылка на оплату');
}

const WIDGET_SCRIPT = 'https://yookassa.ru/checkout-widget/v1/checkout-widget.js';

interface YooWidget {
  render(containerId: string): Promise<void> | void;
  on(event: 'success' | 'fail' | 'complete' | 'modal_close', cb: () => void): void;
  destroy(): void;
}
type YooWidgetCtor = new (o: { confirmation_token: string; return_url?: string; error_callback?: (e: unknown) => void }) => YooWidget;

let widgetScript: Promise<YooWidgetCtor> | null = null;

/** Loads YooKassa's widget script once; rejects when it cannot load (the caller falls back to redirect). */
export function loadYooWidget(timeoutMs = 8000): Promise<YooWidgetCtor> {
  const ready = () => (window as unknown as { YooMoneyCheckoutWidget?: YooWidgetCtor }).YooMoneyCheckoutWidget;
  if (ready()) return Promise.resolve(ready()!);
  widgetScript ??= new Promise<YooWidgetCtor>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = WIDGET_SCRIPT;
    s.async = true;
    const timer = setTimeout(() => reject(new Error('widget timeout')), timeoutMs);
    s.onload = () => {
      clearTimeout(timer);
      const ctor = ready();
      if (ctor) resolve(ctor);
      else reject(new Error('widget missing'));
    };
    s.onerror = () => {
      clearTimeout(timer);
      reject(new Error('widget failed to load'));
    };
    document.head.appendChild(s);
  }).catch((err) => {
    widgetScript = null;
    throw err;
  });
  return widgetScript;
}

/** Renders the embedded widget into `containerId`; resolves with its outcome (UI only). */
export async function renderYooWidget(containerId: string, token: string, returnUrl: string): Promise<'success' | 'fail'> {
  const Widget = await loadYooWidget();
  return new Promise((resolve) => {
    const w = new Widget({ confirmation_token: token, return_url: returnUrl, error_callback: () => resolve('fail') });
    w.on('success', () => {
      w.destroy();
      resolve('success');
    });
    w.on('fail', () => {
      w.destroy();
      resolve('fail');
    });
    void w.render(containerId);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Asks the server until `check` says the payment is confirmed: polling (attempts with
 * min(1000 + 100 × attempt, 2000) ms between them). Resolves false when it never was.
 */
export async function waitFor(check: () => Promise<boolean>, attempts = 25, signal?: { cancelled: boolean }): Promise<boolean> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (signal?.cancelled) return false;
    try {
      if (await check()) return true;
    } catch {
      /* a failed check is another attempt */
    }
    if (attempt < attempts - 1) await sleep(pollDelayMs(attempt));
  }
  return false;
}

/** Our own address to come back to after paying in a browser. */
export function returnUrlFor(path: string): string {
  return new URL(path, window.location.origin).toString();
}
