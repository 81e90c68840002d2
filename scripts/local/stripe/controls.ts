import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http';

export interface LocalStripeFaults {
  /** Every event delivered twice, the deliveries of each change in a random order. */
  readonly duplicateAndShuffle: boolean;
}

/** What the test controls under `/__` act on: the local Stripe's own methods (local-stripe.ts), and what it is set to now. */
interface ControlTarget {
  now(): number;
  advanceClockTo(unixSeconds: number): void;
  setFaults(faults: Partial<LocalStripeFaults>): void;
  failNextRenewal(subscriptionOrCustomerId: string): void;
  setWebhookUrl(url: string | undefined): void;
  settled(): Promise<void>;
  state(): unknown;
  reset(): void;
  faults(): LocalStripeFaults;
  webhookUrl(): string | undefined;
}

/** The test controls under `/__` (listed in local-stripe.ts): JSON in, JSON out, 400 with the reason for a bad request. */
export async function handleControl(req: IncomingMessage, res: ServerResponse, path: string, body: string, target: ControlTarget): Promise<void> {
  const method = req.method ?? 'GET';
  const ok = (payload: unknown) => sendJson(res, 200, JSON.stringify(payload, null, 2));
  let input: Record<string, unknown> = {};
  try {
    if (body.trim()) input = JSON.parse(body) as Record<string, unknown>;
    const failRenewal = /^\/__subscriptions\/([^/]+)\/fail-next-renewal$/.exec(path);
    if (method === 'POST' && path === '/__clock/advance') {
      if (typeof input.to === 'number') target.advanceClockTo(input.to);
      else if (typeof input.seconds === 'number' && input.seconds >= 0) target.advanceClockTo(target.now() + input.seconds);
      else throw new Error('Send {"seconds": n} or {"to": unix seconds}.');
      return ok({ now: target.now() });
    }
    if (method === 'GET' && path === '/__clock') return ok({ now: target.now() });
    if (method === 'POST' && path === '/__faults') {
      if (typeof input.duplicateAndShuffle === 'boolean') target.setFaults({ duplicateAndShuffle: input.duplicateAndShuffle });
      return ok({ faults: target.faults() });
    }
    if (method === 'POST' && failRenewal) {
      target.failNextRenewal(decodeURIComponent(failRenewal[1]!));
      return ok({ failNextRenewal: failRenewal[1] });
    }
    if (method === 'POST' && path === '/__webhook-endpoint') {
      target.setWebhookUrl(typeof input.url === 'string' ? input.url : undefined);
      return ok({ webhookUrl: target.webhookUrl() });
    }
    if (method === 'GET' && path === '/__settled') {
      await target.settled();
      return ok({ settled: true });
    }
    if (method === 'GET' && path === '/__state') return ok(target.state());
    if (method === 'POST' && path === '/__reset') {
      target.reset();
      return ok({ reset: true });
    }
    sendJson(res, 404, JSON.stringify({ error: `No test control ${method} ${path}` }));
  } catch (error) {
    sendJson(res, 400, JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  }
}
