/** Whole seconds since the epoch: what DynamoDB's TTL and the token expiry compare. */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
