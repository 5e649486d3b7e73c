import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';

describe('PUBLIC_URL', () => {
  it('is the shop on this machine at its own port when not set', () => {
    expect(parseConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(parseConfig({ PORT: '3298' }).publicUrl).toBe('http://localhost:3298');
  });

  it('is the address set, without a trailing slash, whatever the port', () => {
    expect(parseConfig({ PORT: '8080', PUBLIC_URL: 'https://shop.example.ca/' }).publicUrl).toBe(
      'https://shop.example.ca',
    );
  });

  it('refuses an address that is not http(s)', () => {
    expect(() => parseConfig({ PUBLIC_URL: 'ftp://shop.example.ca' })).toThrow(
      'PUBLIC_URL must be an http(s) URL',
    );
  });
});

describe('MAIL_FROM', () => {
  it('is left to the store’s settings when not set', () => {
    expect(parseConfig({}).mailFrom).toBeUndefined();
    expect(parseConfig({ MAIL_FROM: 'Northern Socks <hello@northernsocks.ca>' }).mailFrom).toBe(
      'Northern Socks <hello@northernsocks.ca>',
    );
  });
});
