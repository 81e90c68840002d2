import { createHmac } from 'node:crypto';
import type { StripeEvent } from './objects';

/**
 * Webhook delivery as Stripe does it: each event POSTed as pretty-printed JSON to the endpoint, signed
 * with `Stripe-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<body>">` (made afresh for every
 * attempt, on the real clock, since receivers check it against theirs), a non-2xx answer or a network
 * error retried after growing delays. Deliveries go out one at a time in the order the events
 * happened; a retry waits its turn without holding back the events that follow it.
 */

export const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000] as const;
const ATTEMPT_TIMEOUT_MS = 10_000;

export function signatureHeader(payload: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

export interface DeliveryRecord {
  readonly eventId: string;
  readonly type: string;
  readonly attempt: number;
  readonly url: string;
  /** The endpoint's HTTP status, or why there was none. */
  readonly outcome: number | string;
  readonly at: string;
}

interface Job {
  readonly event: StripeEvent;
  readonly payload: string;
  readonly attempt: number;
  readonly dueAt: number;
  readonly seq: number;
}

export interface WebhookDispatcherOptions {
  readonly secret: string;
  /** Sent with every delivery besides Stripe's own headers. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly retryDelaysMs: readonly number[];
  readonly log: (line: string) => void;
  /** Told once an event has reached the endpoint (for the event's `pending_webhooks`). */
  readonly onDelivered: (eventId: string) => void;
}

export class WebhookDispatcher {
  private url: string | undefined;
  private queue: Job[] = [];
  private seq = 0;
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: AbortController | undefined;
  private idleWaiters: (() => void)[] = [];
  private stopped = false;
  /** Bumped by a reset, so an attempt under way when it came is neither recorded nor retried. */
  private generation = 0;
  readonly deliveries: DeliveryRecord[] = [];

  constructor(private readonly options: WebhookDispatcherOptions) {}

  setUrl(url: string | undefined): void {
    this.url = url;
  }

  get endpointUrl(): string | undefined {
    return this.url;
  }

  /**
   * Queues the events of one change for delivery. With `duplicateAndShuffle` every event goes twice
   * and the batch goes in a random order, as Stripe may do; receivers must cope.
   */
  enqueue(events: readonly StripeEvent[], { duplicateAndShuffle }: { duplicateAndShuffle: boolean }): void {
    if (!this.url || this.stopped || events.length === 0) return;
    const batch = duplicateAndShuffle ? events.flatMap((event) => [event, event]) : [...events];
    if (duplicateAndShuffle) {
      for (let i = batch.length - 1; i > 0; i -= 1) {
        const j = Math.floor(Math.random() * (i + 1));
        [batch[i], batch[j]] = [batch[j]!, batch[i]!];
      }
    }
    const now = Date.now();
    for (const event of batch) {
      this.queue.push({ event, payload: JSON.stringify(event, null, 2), attempt: 1, dueAt: now, seq: this.seq++ });
    }
    this.pump();
  }

  /** Resolves once nothing is queued, waiting for a retry or being sent. */
  settled(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops everything queued (a reset); what is being sent finishes without being retried. */
  clear(): void {
    this.queue = [];
    this.deliveries.length = 0;
    this.generation += 1;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.notifyIfIdle();
  }

  stop(): void {
    this.stopped = true;
    this.inFlight?.abort();
    this.clear();
  }

  private isIdle(): boolean {
    return this.queue.length === 0 && !this.running;
  }

  private notifyIfIdle(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private pump(): void {
    if (this.running || this.stopped) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue.sort((a, b) => a.dueAt - b.dueAt || a.seq - b.seq);
    const next = this.queue[0];
    if (!next) {
      this.notifyIfIdle();
      return;
    }
    const wait = next.dueAt - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => this.pump(), wait);
      return;
    }
    this.queue.shift();
    this.running = true;
    void this.attempt(next).finally(() => {
      this.running = false;
      this.pump();
    });
  }

  private async attempt(job: Job): Promise<void> {
    const url = this.url;
    if (!url) return;
    const generation = this.generation;
    const controller = new AbortController();
    this.inFlight = controller;
    const timeout = setTimeout(() => controller.abort(new Error(`no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`)), ATTEMPT_TIMEOUT_MS);
    let outcome: number | string;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          accept: '*/*; q=0.5, application/xml',
          'cache-control': 'no-cache',
          'stripe-signature': signatureHeader(job.payload, this.options.secret, Math.floor(Date.now() / 1000)),
          ...this.options.headers,
        },
        body: job.payload,
        signal: controller.signal,
      });
      await response.body?.cancel();
      outcome = response.status;
    } catch (error) {
      outcome = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    } finally {
      clearTimeout(timeout);
      this.inFlight = undefined;
    }
    if (this.stopped || generation !== this.generation) return;
    this.deliveries.push({ eventId: job.event.id, type: job.event.type, attempt: job.attempt, url, outcome, at: new Date().toISOString() });
    const delivered = typeof outcome === 'number' && outcome >= 200 && outcome < 300;
    const delay = this.options.retryDelaysMs[job.attempt - 1];
    this.options.log(
      `webhook ${job.event.type} ${job.event.id} attempt ${job.attempt}: ${outcome}${delivered ? '' : delay === undefined ? ', giving up' : `, retrying in ${delay} ms`}`,
    );
    if (delivered) {
      this.options.onDelivered(job.event.id);
      return;
    }
    if (delay !== undefined) {
      this.queue.push({ ...job, attempt: job.attempt + 1, dueAt: Date.now() + delay, seq: this.seq++ });
    }
  }
}
