// The early server's reading of PORT and HOST (listen-address.ts) against config.ts's: wherever it gives an
// address, it is the configuration's, and it gives none where the configuration refuses PORT or HOST.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { isLoopbackHost, plainListenAddress } from './listen-address';

const TOKEN = '123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345';

describe('plainListenAddress', () => {
  const envs: Record<string, string | undefined>[] = [
    {},
    { PORT: '0' },
    { PORT: '8080', HOST: 'localhost' },
    { PORT: '65535', HOST: '::1' },
    { PORT: '65536' },
    { PORT: '-1' },
    { PORT: '3000.5' },
    { PORT: 'abc' },
    { PORT: '' },
    { PORT: ' 80 ' },
    { HOST: '' },
    { HOST: '0.0.0.0' },
    { HOST: '0.0.0.0', BOT_TOKEN: '  ' },
    { HOST: '0.0.0.0', BOT_TOKEN: TOKEN },
    { HOST: '[::ffff:127.0.0.2]' },
    { HOST: '10.0.0.1', PORT: '443', BOT_TOKEN: TOKEN },
  ];
  for (const env of envs) {
    it(`agrees with loadConfig on ${JSON.stringify(env)}`, () => {
      const plain = plainListenAddress(env);
      let config: { port: number; host: string } | null = null;
      try {
        config = loadConfig(env);
      } catch (err) {
        if (!(err instanceof ConfigError) || !/variable (PORT|HOST)\b/.test(err.message)) throw err;
      }
      if (!config) expect(plain).toBeNull();
      else if (plain) expect({ port: config.port, host: config.host }).toEqual(plain);
    });
  }
});

describe('isLoopbackHost', () => {
  it('takes 127.0.0.0/8, ::1 and localhost in their usual spellings, and nothing else', () => {
    for (const host of [
      '127.0.0.1',
      '127.255.255.255',
      '127.1.20.200',
      ' LocalHost ',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
      '[::FFFF:127.9.9.9]',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      '0.0.0.0',
      '128.0.0.1',
      '127.0.0.256',
      '127.00.0.1',
      '127.0.0',
      '127.0.0.1.5',
      'localhost.example.com',
      '::',
      '::ffff:10.0.0.1',
      '12.7.0.1',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
