// Structured JSON logs; secrets are redacted wherever they could appear.
import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        '*.authorization',
        '*.Authorization',
        'headers.authorization',
        '*.botToken',
        '*.token',
        '*.apiKey',
        '*.secretKey',
        'config.botToken',
      ],
      censor: '[redacted]',
    },
  });
}
