// The trial is its own choice, never a swap made by the autopay box: the server sells it only when asked
// (`trialDays`), with consent, and refuses it rather than charging another price; its invoice names the plan
// it is the trial of (a Basic trial was invoiced as «Пробный период VIP» with VIP's contents).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceText } from '../services/payments/checkout';
import { TEST_DB_KINDS } from '../test/databases';
import { startFakeYooKassa, type FakeYooKassa, yookassaPayments } from '../test/fake-yookassa';
import { createHarness, type Harness } from '../test/harness';
import type { PaymentOrder } from '../db/schema';
import { DEFAULT_PRICES_RUB } from '../domain/commerce/pricing';

const PUBLIC = 'https://tarot.example.com';

describe.each(TEST_DB_KINDS.slice(0, 1))('the trial as a choice (%s)', (kind) => {
  let h: Harness;
  let fake: FakeYooKassa;
  beforeAll(async () => {
    fake = await startFakeYooKassa();
    h = await createHarness(kind, yookassaPayments(fake, PUBLIC));
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  /** Creates the widget's payment and answers what YooKassa was asked to charge. */
  async function pay(user: number, body: Record<string, unknown>) {
    const before = fake.requests.length;
    const r = await h.call(user, 'POST', '/api/payments/create-initial', {
      mode: 'redirect',
      returnUrl: `${PUBLIC}/subscription`,
      ...body,
    });
    const req = fake.requests.slice(before).find((q) => q.method === 'POST' && q.path === '/v3/payments');
    return {
      r,
      sent: req?.body as {
        amount: { value: string };
        description: string;
        metadata: Record<string, string>;
        save_payment_method?: boolean;
      },
    };
  }

  it("a Basic trial is invoiced as Basic's, a VIP trial as VIP's, each with the renewal's price", async () => {
    const basic = await pay(71_001, { planId: 'basic', autopayConsent: true, trialDays: 7, amount: 10 });
    expect(basic.r.status).toBe(200);
    expect(basic.sent.amount.value).toBe('10.00');
    expect(basic.sent.metadata).toMatchObject({ product: 'trial', plan: 'basic' });
    expect(basic.sent.description).toBe(
      'Всё, что открывает Basic, на 7 дней. Затем продление каждые 30 дней за 299\u00a0₽, отмена в любой момент.',
    );
    expect(basic.sent.description).not.toContain('VIP');

    const vip = await pay(71_002, { planId: 'vip', autopayConsent: true, trialDays: 7, amount: 10 });
    expect(vip.sent.metadata).toMatchObject({ product: 'trial', plan: 'vip' });
    expect(vip.sent.description).toBe(
      'Всё, что открывает VIP (второе мнение 1/день), на 7 дней. Затем продление каждые 30 дней за 499\u00a0₽, отмена в любой момент.',
    );
    // The title Telegram and the receipt show: the trial of the plan bought.
    const order = (o: Partial<PaymentOrder>) => ({ currency: 'RUB', amount_minor: 1000, days: 7, ...o }) as PaymentOrder;
    expect(invoiceText(order({ product: 'trial', plan: 'basic' }), true, DEFAULT_PRICES_RUB).title).toBe('Пробный период Basic');
    expect(invoiceText(order({ product: 'trial', plan: 'vip' }), true, DEFAULT_PRICES_RUB).title).toBe('Пробный период VIP');
  });

  it('autopay ticked without choosing the trial charges the plan, kept card and all; the trial needs consent', async () => {
    const plan = await pay(71_003, { planId: 'vip', autopayConsent: true, amount: 499 });
    expect(plan.r.body.data).toMatchObject({ trial: false, amount: 499 });
    expect(plan.sent.amount.value).toBe('499.00');
    expect(plan.sent.metadata).toMatchObject({ product: 'vip', plan: 'vip' });
    expect(plan.sent.save_payment_method).toBe(true);
    // The same user may still choose the trial: ticking autopay did not use it up.
    expect((await h.call(71_003, 'GET', '/api/config/pricing')).body.data.trial.availableFor).toEqual({ basic: true, vip: true });

    const noConsent = await pay(71_004, { planId: 'vip', autopayConsent: false, trialDays: 7, amount: 10 });
    expect(noConsent.r.status).toBe(400);
    expect(noConsent.r.body.error).toMatch(/^autopayConsent: пробный период оформляется только с согласием на автопродление/);
    expect(noConsent.sent).toBeUndefined();
  });
});
