import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isLoopback, isPublicAddress } from './address-guard';

describe('webhook address guard', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['2606:4700:4700::1111', true],
    ['10.0.0.1', false],
    ['172.31.255.255', false],
    ['192.168.0.1', false],
    ['127.0.0.1', false],
    ['0.0.0.0', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['100.127.255.254', false],
    ['224.0.0.251', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00:ec2::254', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:a00:1', false],
    ['64:ff9b::a9fe:a9fe', false],
    ['::ffff:8.8.8.8', true],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('knows loopback in its IPv4, IPv6 and mapped forms', () => {
    expect(['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(isLoopback('10.0.0.1')).toBe(false);
  });

  it('allows loopback over http only where loopback stand-ins are allowed', async () => {
    expect(await checkWebhookUrl('http://127.0.0.1:9/x', true)).toBe('ok');
    expect(await checkWebhookUrl('http://127.0.0.1:9/x', false)).toBe('private');
    expect(await checkWebhookUrl('http://localhost:9/x', false)).toBe('private');
    expect(await checkWebhookUrl('https://[::1]/x', false)).toBe('private');
    expect(await checkWebhookUrl('http://8.8.8.8/x', true)).toBe('not-https');
    expect(await checkWebhookUrl('https://8.8.8.8/x', false)).toBe('ok');
    expect(await checkWebhookUrl('https://10.0.0.1/x', true)).toBe('private');
    expect(await checkWebhookUrl('https://no-such-host.invalid/x', false)).toBe('unresolved');
  });
});
