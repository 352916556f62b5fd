// The app with a real bot token in webhook mode taking Stars, and the successful_payment update Telegram
// sends after a Stars payment: shared by the Stars process tests and the production smoke test.
import { TEST_BOT_TOKEN } from './harness';

/** The environment of a bot in webhook mode (behind https://tarot.example) that sells for Stars. */
export const starsWebhookEnv = (apiRoot: string, secret: string): Record<string, string> => ({
  BOT_TOKEN: TEST_BOT_TOKEN,
  TELEGRAM_API_ROOT: apiRoot,
  BOT_MODE: 'webhook',
  PUBLIC_URL: 'https://tarot.example',
  WEBHOOK_SECRET: secret,
  PAYMENTS_PROVIDER: 'stars',
});

/** The update Telegram delivers when `userId` paid `amount` Stars for the invoice with `payload`. */
export function successfulPaymentUpdate(updateId: number, userId: number, p: { payload: string; amount: number; chargeId: string }) {
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: userId, type: 'private', first_name: 'Тест' },
      from: { id: userId, is_bot: false, first_name: 'Тест', language_code: 'ru' },
      successful_payment: {
        currency: 'XTR',
        total_amount: p.amount,
        invoice_payload: p.payload,
        telegram_payment_charge_id: p.chargeId,
        provider_payment_charge_id: '',
      },
    },
  };
}
