import { describe, expect, it } from 'vitest';
import { isActivePath, paths, safeReturnUrl } from './paths.ts';

describe('paths', () => {
  it('builds the routes of the specs', () => {
    expect(paths.home()).toBe('/');
    expect(paths.product(3, 42)).toBe('/product/3/42');
    expect(paths.product(3, 42, 7)).toBe('/product/3/42?size=7');
    expect(paths.product(3, 42, null)).toBe('/product/3/42');
    expect(paths.packageDetail(2, 9)).toBe('/package/2/9');
    expect(paths.categories(1)).toBe('/categories/1');
    expect(paths.search('wool socks')).toBe('/search/wool%20socks');
    expect(paths.search()).toBe('/search');
    expect(paths.thankyou(1001)).toBe('/thankyou/1001');
    expect(paths.yourOrders()).toBe('/your-order');
  });

  it('puts the returnUrl, encoded, on the login and signup routes', () => {
    expect(paths.login()).toBe('/login');
    expect(paths.login('/search/a b?x=1')).toBe('/login?returnUrl=%2Fsearch%2Fa+b%3Fx%3D1');
    expect(new URLSearchParams(paths.signup('/cart').split('?')[1]).get('returnUrl')).toBe('/cart');
  });
});

describe('safeReturnUrl', () => {
  it('follows routes of this app', () => {
    expect(safeReturnUrl('/cart')).toBe('/cart');
    expect(safeReturnUrl('/search/wool?x=1')).toBe('/search/wool?x=1');
  });

  it('goes home for anything else', () => {
    for (const url of [
      null,
      undefined,
      '',
      'cart',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
    ]) {
      expect(safeReturnUrl(url)).toBe('/');
    }
  });

  it('never returns to the login or signup page', () => {
    expect(safeReturnUrl('/login?returnUrl=%2Fcart')).toBe('/');
    expect(safeReturnUrl('/Signup')).toBe('/');
    expect(safeReturnUrl('/loginhelp')).toBe('/loginhelp');
  });
});

describe('isActivePath', () => {
  it('highlights Home only on the home routes, and sections by prefix', () => {
    expect(isActivePath('/', ['/', '/home'])).toBe(true);
    expect(isActivePath('/cart', ['/', '/home'])).toBe(false);
    expect(isActivePath('/Categories/3', ['/phase', '/categories'])).toBe(true);
    expect(isActivePath('/pos-checkout', ['/pos'])).toBe(false);
    expect(isActivePath('/admin/products/3', ['/admin/products'])).toBe(true);
  });
});
