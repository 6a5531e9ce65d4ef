import { BRAND_NAME, type SiteInfo } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_INFO, resolveAssetUrl, resolveSiteInfo } from './site-info.ts';

const info: SiteInfo = {
  site_name: 'Acme Keys',
  logo_url: '/uploads/logo.png',
  primary_color: '#ef4444',
  secondary_color: '#06b6d4',
  font_family: 'Roboto',
  theme: 'dark',
  payments_sandbox: false,
  mail_available: true,
};

describe('resolveAssetUrl', () => {
  it('makes a relative path absolute against the API address', () => {
    expect(resolveAssetUrl('/uploads/logo.png', 'https://api.example.com')).toBe('https://api.example.com/uploads/logo.png');
    expect(resolveAssetUrl('uploads/logo.png', 'https://api.example.com/')).toBe('https://api.example.com/uploads/logo.png');
  });

  it('keeps the path of an API address that has one', () => {
    expect(resolveAssetUrl('/uploads/logo.png', 'https://example.com/backend')).toBe('https://example.com/backend/uploads/logo.png');
  });

  it('keeps absolute http(s) and inline image addresses', () => {
    expect(resolveAssetUrl('https://cdn.example.com/logo.svg', 'http://localhost')).toBe('https://cdn.example.com/logo.svg');
    expect(resolveAssetUrl('data:image/png;base64,AAAA', 'http://localhost')).toBe('data:image/png;base64,AAAA');
  });

  it('refuses other schemes and empty values', () => {
    expect(resolveAssetUrl('javascript:alert(1)', 'http://localhost')).toBeNull();
    expect(resolveAssetUrl('//evil.example/logo.png', 'http://localhost')).toBeNull();
    expect(resolveAssetUrl('  ', 'http://localhost')).toBeNull();
    expect(resolveAssetUrl(null, 'http://localhost')).toBeNull();
  });
});

describe('resolveSiteInfo', () => {
  it('falls back to the brand name and no logo when there is no site information', () => {
    expect(resolveSiteInfo(undefined, 'http://localhost')).toEqual(DEFAULT_SITE_INFO);
    expect(DEFAULT_SITE_INFO.site_name).toBe(BRAND_NAME);
    expect(DEFAULT_SITE_INFO.logo_url).toBeNull();
  });

  it('resolves the logo and keeps the rest', () => {
    expect(resolveSiteInfo(info, 'http://shop.test')).toEqual({ ...info, logo_url: 'http://shop.test/uploads/logo.png' });
  });

  it('uses the brand name for a blank site name', () => {
    expect(resolveSiteInfo({ ...info, site_name: '  ' }, 'http://shop.test').site_name).toBe(BRAND_NAME);
  });
});
