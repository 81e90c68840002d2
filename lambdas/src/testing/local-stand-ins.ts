import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type Stripe from 'stripe';

/** A server started for a test, and how to stop it. */
export interface LocalService {
  readonly name: string;
  readonly url: string;
  stop(): Promise<void>;
}

/** A Lambda handler as the local Invoke endpoint runs it. */
export type LocalFunction = (event: unknown) => Promise<unknown>;

/** The local Stripe as the tests drive it: its server, clock, faults and the events it sent. */
export interface LocalStripe extends LocalService {
  /** Its clock, Unix seconds. */
  now(): number;
  advanceClock(seconds: number): void;
  setFaults(faults: { readonly duplicateAndShuffle?: boolean }): void;
  /** The next renewal of this subscription (or of each subscription of this customer) fails. */
  failNextRenewal(subscriptionOrCustomerId: string): void;
  /** Resolves once every queued webhook delivery has succeeded or run out of retries. */
  settled(): Promise<void>;
  /** Back to the seeded catalogue, with the clock, faults and deliveries cleared. */
  reset(): void;
  state(): { readonly events: readonly { readonly id: string; readonly type: string }[] };
}

interface CardEntry {
  readonly cardNumber: string;
  readonly expiry: string;
  readonly cvc: string;
}

/**
 * The local stand-ins a connected test starts in its own worker, which are the local stack's (scripts/local):
 * lambdas imports nothing of scripts, so the connected project's setup file (test/support/local-stand-ins.setup.ts)
 * hands them in before any test file runs.
 */
export interface LocalStandIns {
  /** A plain HTTP server on a free port (`port` 0). */
  serveHttp(name: string, port: number, handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<LocalService>;
  /** A Lambda Invoke endpoint running the function each name stands for. */
  startLambdaInvoke(options: { readonly port: number; readonly functions: (name: string) => LocalFunction | undefined }): Promise<LocalService>;
  /** A user pool made as the local stack makes it (the deployed pool's settings, clients and groups). */
  createUserPool(
    cognito: CognitoIdentityProviderClient,
  ): Promise<{ readonly userPoolId: string; readonly userPoolClientId: string; readonly serverClientId: string }>;
  /** What an S3 client of s3rver needs besides its endpoint. */
  readonly s3rver: {
    readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
    readonly clientOptions: {
      readonly forcePathStyle: true;
      readonly requestChecksumCalculation: 'WHEN_REQUIRED';
      readonly responseChecksumValidation: 'WHEN_REQUIRED';
    };
  };
  readonly stripe: {
    start(options: {
      readonly port: number;
      readonly webhookUrl: string;
      readonly webhookSecret: string;
      readonly retryDelaysMs: readonly number[];
    }): Promise<LocalStripe>;
    /** The real SDK, pointed at a local Stripe. */
    sdkFor(local: Pick<LocalStripe, 'url'>): Stripe;
    /** Fills in and sends a Checkout page as a person would. */
    submitCheckout(url: string, card: CardEntry): Promise<{ status: number; location: string | null; html: string }>;
    /** Stripe's test card that always pays. */
    readonly validCard: CardEntry;
  };
}

let given: LocalStandIns | undefined;

/** Called once per worker by the connected project's setup file. */
export function provideLocalStandIns(standIns: LocalStandIns): void {
  given = standIns;
}

export function localStandIns(): LocalStandIns {
  if (!given)
    throw new Error('No local stand-ins: this test starts local servers, so it belongs in the connected project (CONNECTED_TESTS in vitest.config.ts).');
  return given;
}
