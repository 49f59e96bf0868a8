import { describe, expect, it } from 'vitest';
import { isPageRoute, ROUTES, sameSitePath } from './paths.js';

describe('isPageRoute', () => {
  it('knows every page of the web app, whatever the id', () => {
    for (const path of [
      '/',
      '/marketplace',
      '/marketplace/',
      '/product-detail/42',
      '/product/300',
      '/garage/route',
      '/garage/7',
      '/user-main',
      '/user-main/12',
      '/chat/3/99',
      '/edit-product/5',
      '/reset-password/new',
      '/staff',
      ROUTES.support,
      ROUTES.accessibility,
    ]) {
      expect(isPageRoute(path), path).toBe(true);
    }
  });

  it('refuses paths no page answers', () => {
    for (const path of [
      '/nope',
      '/product-detail',
      '/product-detail/1/extra',
      '/chat/3',
      '/staffroom',
      '/wp-admin.php',
    ]) {
      expect(isPageRoute(path), path).toBe(false);
    }
  });
});

describe('sameSitePath', () => {
  it('keeps paths on this site, with their query and fragment', () => {
    expect(sameSitePath('/chat/3/99')).toBe('/chat/3/99');
    expect(sameSitePath('/support?ticket=4#end')).toBe('/support?ticket=4#end');
  });

  it('refuses whatever a browser would open on another site', () => {
    for (const link of [
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'chat/3',
      '',
    ])
      expect(sameSitePath(link), link).toBeNull();
  });
});
