import { describe, expect, it } from 'vitest';
import { isLocalOrPreviewHost } from './preview-host';

describe('isLocalOrPreviewHost', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['[::1]', true],
    ['app.localhost', true],
    ['pr-12.preview.batchwise.bd', true],
    ['batchwise-preview-3.example.com', true],
    ['preview.batchwise.bd', true],
    ['batchwise.bd', false],
    ['app.batchwise.bd', false],
    ['previewer.batchwise.bd', false],
    ['192.168.0.10', false],
  ])('%s → %s', (host, expected) => {
    expect(isLocalOrPreviewHost(host)).toBe(expected);
  });
});
