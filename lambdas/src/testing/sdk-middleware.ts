import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { SESv2Client } from '@aws-sdk/client-sesv2';

type Client = CognitoIdentityProviderClient | SESv2Client;

/** Runs `around` for every command sent through the client, before the SDK signs or retries it. */
function intercept(client: Client, around: (commandName: string | undefined, input: unknown, send: () => Promise<unknown>) => Promise<unknown>): void {
  // One stack type for both clients: nothing here changes a command's input or output.
  (client.middlewareStack as CognitoIdentityProviderClient['middlewareStack']).add(
    (next, context) => (args) => around(context.commandName, args.input, () => next(args)) as ReturnType<typeof next>,
    { step: 'initialize' },
  );
}

/**
 * The next send of `commandName` (e.g. 'AdminAddUserToGroupCommand') through this real client
 * rejects with `error` before it leaves, for faults the local emulators cannot produce on cue;
 * other commands and later sends reach the server. It sits before the retry step, so it fails once.
 */
export function failNextSend(client: Client, commandName: string, error: Error): void {
  let armed = true;
  intercept(client, (name, _input, send) => {
    if (!armed || name !== commandName) return send();
    armed = false;
    return Promise.reject(error);
  });
}

/**
 * The input of every command sent through this real client from now on, by command name: for the
 * few request details a server does not show afterwards (that Cognito was told not to send its own
 * invitation mail, say).
 */
export function recordSends(client: Client): { inputsOf(commandName: string): unknown[] } {
  const sent: { commandName: string; input: unknown }[] = [];
  intercept(client, (name, input, send) => {
    sent.push({ commandName: name ?? '', input });
    return send();
  });
  return { inputsOf: (commandName) => sent.filter((send) => send.commandName === commandName).map((send) => send.input) };
}
