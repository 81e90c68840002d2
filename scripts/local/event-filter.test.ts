import { describe, expect, it } from 'vitest';
import { JOB_STREAM_FILTER } from '@solutionz/lambdas/data/jobs';
import { PROVIDER_NEWS_STREAM_FILTER } from '@solutionz/lambdas/data/provider-updates';
import { matchesFilterPattern } from './event-filter';

/** A stream record as Lambda's filter sees it: keys and images in DynamoDB JSON. */
const record = (eventName: string, pk: string, sk: string) => ({
  eventName,
  eventSource: 'aws:dynamodb',
  dynamodb: { Keys: { PK: { S: pk }, SK: { S: sk } }, NewImage: { PK: { S: pk }, SK: { S: sk }, title: { S: 'Fix a tap' } } },
});

describe('the local event filter', () => {
  it('passes a new job item through the job alerts filter', () => {
    expect(matchesFilterPattern(JOB_STREAM_FILTER, record('INSERT', 'JOB#123', 'JOB'))).toBe(true);
  });

  it('holds back a change to a job, its contact and reveals, and other items', () => {
    expect(matchesFilterPattern(JOB_STREAM_FILTER, record('MODIFY', 'JOB#123', 'JOB'))).toBe(false);
    expect(matchesFilterPattern(JOB_STREAM_FILTER, record('REMOVE', 'JOB#123', 'JOB'))).toBe(false);
    expect(matchesFilterPattern(JOB_STREAM_FILTER, record('INSERT', 'JOB#123', 'CONTACT'))).toBe(false);
    expect(matchesFilterPattern(JOB_STREAM_FILTER, record('INSERT', 'JOB#123', 'REVEAL#p1'))).toBe(false);
    expect(matchesFilterPattern(JOB_STREAM_FILTER, record('INSERT', 'USER#1', 'JOB'))).toBe(false);
    // A prefix is matched at the start only, and exact values in full, case and all.
    expect(matchesFilterPattern(JOB_STREAM_FILTER, record('INSERT', 'X#JOB#1', 'JOB'))).toBe(false);
    expect(matchesFilterPattern(JOB_STREAM_FILTER, record('INSERT', 'JOB#1', 'job'))).toBe(false);
    expect(matchesFilterPattern(JOB_STREAM_FILTER, record('insert', 'JOB#1', 'JOB'))).toBe(false);
  });

  it("passes a provider's new news item through the provider updates filter, and nothing else", () => {
    expect(matchesFilterPattern(PROVIDER_NEWS_STREAM_FILTER, record('INSERT', 'PROVIDER_NEWS#p1', '2026-11-26#portfolio'))).toBe(true);
    expect(matchesFilterPattern(PROVIDER_NEWS_STREAM_FILTER, record('MODIFY', 'PROVIDER_NEWS#p1', '2026-11-26#portfolio'))).toBe(false);
    expect(matchesFilterPattern(PROVIDER_NEWS_STREAM_FILTER, record('INSERT', 'USER#p1', 'PORTFOLIO_ITEM#i1'))).toBe(false);
    expect(matchesFilterPattern(PROVIDER_NEWS_STREAM_FILTER, record('INSERT', 'JOB#123', 'JOB'))).toBe(false);
  });

  it('needs every field of the pattern, of the same type', () => {
    expect(matchesFilterPattern({ a: { b: ['x'] } }, { a: {} })).toBe(false);
    expect(matchesFilterPattern({ a: { b: ['x'] } }, { a: 'x' })).toBe(false);
    expect(matchesFilterPattern({ a: { b: ['x'] } }, { a: { b: 'x', c: 'y' }, d: 1 })).toBe(true);
    expect(matchesFilterPattern({ n: [1] }, { n: '1' })).toBe(false);
    expect(matchesFilterPattern({ n: [1] }, { n: 1 })).toBe(true);
    expect(matchesFilterPattern({ n: [null] }, { n: null })).toBe(true);
    expect(matchesFilterPattern({ n: [null] }, {})).toBe(false);
  });

  it('takes any one of the listed values, and any one item of a list in the event', () => {
    const pattern = { kind: ['job', { prefix: 'lead-' }] };
    expect(matchesFilterPattern(pattern, { kind: 'job' })).toBe(true);
    expect(matchesFilterPattern(pattern, { kind: 'lead-7' })).toBe(true);
    expect(matchesFilterPattern(pattern, { kind: 'task' })).toBe(false);
    expect(matchesFilterPattern(pattern, { kind: ['task', 'lead-1'] })).toBe(true);
    expect(matchesFilterPattern(pattern, { kind: [] })).toBe(false);
  });

  it('refuses an operator it does not know rather than filtering differently from the cloud', () => {
    const pattern = { kind: [{ 'anything-but': 'job' }] } as never;
    expect(() => matchesFilterPattern(pattern, { kind: 'lead' })).toThrow(/anything-but/);
  });
});
