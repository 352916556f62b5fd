// The production smoke test (.ci/run): `npx tsx test/production-smoke.ts <app folder>`. The folder holds the app
// as the Docker image does (a clone of the commit, its packages, `npm run build`, `npm prune --omit=dev`); it
// is started with `NODE_ENV=production npm start` against PostgreSQL (PGlite when no TEST_DATABASE_URL is set)
// and a real bot token, the Bot API faked on 127.0.0.1 by this process. It then signs in, buys a week pass
// with Stars, reads a spread and fetches its share picture, and exits 1 naming the first step that failed.
import path from 'node:path';
import { createIdentity } from '../services/identity';
import { callApp, freePort, spawnGroup, stopGroup, waitHealthy } from './app-process';
import { createPostgresDatabase } from './databases';
import { TEST_BOT_TOKEN } from './harness';
import { starsWebhookEnv, successfulPaymentUpdate } from './stars-webhook';
import { createTestTelegram } from './test-telegram';
import { sleep } from './wait';

const SECRET = 'production-smoke_secret-1';
const appDir = path.resolve(process.argv[2] ?? '');
const userId = 840_001;

function check(ok: unknown, step: string, detail: unknown = ''): asserts ok {
  if (!ok) throw new Error(`${step}${detail ? `: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}` : ''}`);
}

async function smoke(base: string, tg: ReturnType<typeof createTestTelegram>) {
  const identity = createIdentity({ botToken: TEST_BOT_TOKEN, maxAgeS: 86400 });
  const auth = `tma ${identity.signInitData({ id: userId, first_name: 'Смоук' })}`;

  const status = await callApp(base, 'GET', '/api/user/status', { auth });
  check(status.status === 200 && status.body.data.user.firstName === 'Смоук', 'sign-in with initData', status);

  const order = await callApp(base, 'POST', '/api/payments/create-one-time', { auth, json: { product: 'week', provider: 'stars' } });
  check(order.status === 200, 'a Stars order', order);
  const invoice = tg.calls.find((c) => c.method === 'createInvoiceLink' && c.params.payload === order.body.data.orderId);
  check(invoice, 'createInvoiceLink reached the Bot API');
  const update = successfulPaymentUpdate(1, userId, {
    payload: order.body.data.orderId,
    amount: invoice.params.prices[0].amount,
    chargeId: 'smoke_charge_1',
  });
  const delivered = await fetch(`${base}/api/telegram/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': SECRET },
    body: JSON.stringify(update),
  });
  check(delivered.status === 200, 'successful_payment through the webhook', delivered.status);
  const paid = await callApp(base, 'GET', '/api/user/status', { auth });
  check(paid.body.data.userStatus.subscriptionType === 'week', 'the week pass granted', paid.body.data.userStatus);

  const reading = await callApp(base, 'POST', '/api/readings', {
    auth,
    json: { spreadType: 'past_present_future', question: 'Что принесёт эта неделя?' },
  });
  check(reading.status === 201, 'a reading', reading);
  const text = await callApp(base, 'GET', `/api/readings/${reading.body.data.id}/interpretation`, { auth });
  check(text.status === 200 && JSON.stringify(text.body).length > 200, 'its interpretation', text);

  const picture = await fetch(`${base}/api/readings/${reading.body.data.id}/image?format=story`, { headers: { Authorization: auth } });
  const bytes = Buffer.from(await picture.arrayBuffer());
  const isPng = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const isJpeg = bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
  check(
    picture.status === 200 && (isPng || isJpeg) && bytes.length > 10_000,
    'its share picture',
    `${picture.status}, ${bytes.length} bytes`,
  );

  const kit = await callApp(base, 'POST', `/api/readings/${reading.body.data.id}/share`, { auth, json: { includeQuestion: false } });
  check(kit.status === 200 && kit.body.data.preparedMessageId, 'the share kit with a prepared message', kit);
}

async function main() {
  check(process.argv[2], 'usage: tsx test/production-smoke.ts <app folder>');
  const tg = createTestTelegram({ token: TEST_BOT_TOKEN, botUsername: 'tarot_smoke_bot' });
  await tg.listen();
  const admin = process.env.TEST_DATABASE_URL;
  const database = admin ? await createPostgresDatabase(admin, 'taro_smoke') : null;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ...starsWebhookEnv(tg.apiRoot, SECRET),
    ...(database ? { DATABASE_URL: database.url } : { DATA_DIR: path.join(appDir, 'data') }),
  };
  const child = spawnGroup('npm', ['start'], { cwd: appDir, env, onOutput: (line) => output.push(line) });
  try {
    await waitHealthy(base, child, { name: 'npm start', timeoutMs: 120_000 });
    await smoke(base, tg);
    // The bot started and set its webhook (grammY loaded in the bundle).
    for (let waited = 0; !tg.webhook; waited += 100) {
      check(waited < 20_000, 'the bot set its webhook');
      await sleep(100);
    }
    console.log(
      `production smoke: passed on ${database ? 'PostgreSQL' : 'PGlite'} (sign-in, Stars week pass, reading, share picture and kit)`,
    );
  } catch (err) {
    console.error(`production smoke FAILED: ${(err as Error).message}\n--- npm start's last lines ---\n${output.slice(-40).join('\n')}`);
    process.exitCode = 1;
  } finally {
    await stopGroup(child);
    await database?.drop();
    await tg.close();
  }
}

await main();
