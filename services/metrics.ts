// Prometheus metrics. Request counters live in this process; business totals (readings, payments, pushes,
// AI failures) are read from the database at scrape time, so every instance reports the same truth.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/connection';
import * as repo from '../db/repositories/metrics';

export function createMetrics(db: Db) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const readings = new Gauge({
    name: 'tarot_readings_total',
    help: 'Readings by status',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const aiErrors = new Gauge({
    name: 'tarot_ai_provider_errors_total',
    help: 'Readings that ended with the fallback because the AI provider failed',
    registers: [registry],
  });
  const payments = new Gauge({
    name: 'tarot_payments_total',
    help: 'Confirmed payments by provider and product',
    labelNames: ['provider', 'product'] as const,
    registers: [registry],
  });
  const revenue = new Gauge({
    name: 'tarot_revenue_minor_total',
    help: 'Revenue in minor units by product and currency',
    labelNames: ['product', 'currency'] as const,
    registers: [registry],
  });
  const pushes = new Gauge({
    name: 'tarot_push_total',
    help: 'Push notifications by kind and status (sent, failed, pending…)',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
  });

  /** Reads the business totals; a table another feature has not created yet simply reports nothing. */
  async function collectTotals() {
    const orNothing = async <T>(read: (db: Db) => Promise<T>, nothing: T): Promise<T> => {
      try {
        return await read(db);
      } catch {
        return nothing;
      }
    };
    readings.reset();
    for (const r of await orNothing(repo.readingsByStatus, [])) readings.set({ status: r.status }, r.n);
    aiErrors.set(await orNothing(repo.countAiFailures, 0));
    payments.reset();
    revenue.reset();
    for (const r of await orNothing(repo.succeededPaymentTotals, [])) {
      payments.inc({ provider: r.provider, product: r.product }, r.n);
      revenue.inc({ product: r.product, currency: r.currency }, Number(r.amount));
    }
    pushes.reset();
    for (const r of await orNothing(repo.notificationsByKindStatus, [])) pushes.set({ kind: r.kind, status: r.status }, r.n);
  }

  return {
    registry,
    httpRequests,
    httpDuration,
    async render(): Promise<string> {
      await collectTotals();
      return registry.metrics();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
