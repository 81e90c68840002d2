import { describe, expect, it } from 'vitest';
import { apiEvent } from '../testing/api-event';
import { clientIp } from './client-ip';

describe('clientIp', () => {
  it('takes the viewer address CloudFront set rather than the edge address API Gateway saw', () => {
    const event = apiEvent('POST', '/api/auth/signup', { sourceIp: '130.176.0.10', headers: { 'x-viewer-ip': '203.0.113.7' } });
    expect(clientIp(event)).toBe('203.0.113.7');
  });

  it('falls back to the source address when the request did not come through CloudFront', () => {
    expect(clientIp(apiEvent('POST', '/api/auth/signup', { sourceIp: '198.51.100.4' }))).toBe('198.51.100.4');
    expect(clientIp(apiEvent('POST', '/api/auth/signup', { sourceIp: '198.51.100.4', headers: { 'x-viewer-ip': ' ' } }))).toBe('198.51.100.4');
  });

  it('finds the header whatever the case of its name', () => {
    expect(clientIp(apiEvent('GET', '/api/health', { headers: { 'X-Viewer-Ip': '2001:db8::1' } }))).toBe('2001:db8::1');
  });

  it('does not trust X-Forwarded-For, which the client can write', () => {
    const event = apiEvent('GET', '/api/health', { sourceIp: '198.51.100.4', headers: { 'x-forwarded-for': '10.9.9.9, 198.51.100.4' } });
    expect(clientIp(event)).toBe('198.51.100.4');
  });
});
