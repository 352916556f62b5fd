// Bot API methods for Telegram Stars: invoices (in the chat or as links), the pre-checkout answer the user's
// payment waits for (user.ts pays), refunds and subscription changes.
import crypto from 'node:crypto';
import { escapeHtml } from '../html';
import { bad, checkInvoice } from '../rules';
import type { Store } from '../store';
import type { MethodTable } from './table';

export function paymentMethods(store: Store): MethodTable {
  return {
    sendInvoice(p) {
      const c = store.existingChat(p);
      const invoice = checkInvoice(p);
      const m = store.pushMessage(c, {
        from: 'bot',
        text: `${invoice.title}\n${invoice.description}`,
        html: `<b>${escapeHtml(invoice.title)}</b><br>${escapeHtml(invoice.description)}<br><i>${invoice.total_amount} ${escapeHtml(invoice.currency)}</i>`,
        reply_markup: p.reply_markup,
        kind: 'invoice',
        invoice,
      });
      return store.botMessageObject(c, m);
    },
    createInvoiceLink(p) {
      const invoice = checkInvoice(p);
      const slug = crypto.randomBytes(9).toString('base64url');
      store.invoiceLinks.set(slug, invoice);
      return `https://t.me/$${slug}`;
    },
    answerPreCheckoutQuery(p) {
      const waiter = store.preCheckouts.get(String(p.pre_checkout_query_id));
      if (!waiter) throw bad('QUERY_ID_INVALID');
      if (!p.ok && !p.error_message) throw bad('error_message is required when ok is false');
      store.preCheckouts.delete(String(p.pre_checkout_query_id));
      waiter({ ok: !!p.ok, error_message: p.error_message });
      return true;
    },
    refundStarPayment: () => true,
    editUserStarSubscription: () => true,
  };
}
