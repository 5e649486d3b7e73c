import { describe, expect, it } from 'vitest';
import { isActivePath } from './nav-links.tsx';

describe('isActivePath', () => {
  it('highlights Home only on the home routes, and sections by prefix', () => {
    expect(isActivePath('/', ['/', '/home'])).toBe(true);
    expect(isActivePath('/cart', ['/', '/home'])).toBe(false);
    expect(isActivePath('/Categories/3', ['/phase', '/categories'])).toBe(true);
    expect(isActivePath('/pos-checkout', ['/pos'])).toBe(false);
  });
});
