import { describe, expect, it } from 'vitest';
import { loadConfig } from '../env.ts';
import { allowedOrigin, linkOrigins } from './shop-origin.ts';

const configOf = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

describe('the origins links may lead to without PUBLIC_URL', () => {
  it('are the listen address on every loopback name, with its port', () => {
    const allowed = linkOrigins(configOf({ PORT: '4100' }));
    for (const origin of ['http://localhost:4100', 'http://127.0.0.1:4100', 'http://[::1]:4100', 'HTTP://LOCALHOST:4100']) {
      expect(allowedOrigin(allowed, origin), origin).toBe(origin.toLowerCase());
    }
    for (const origin of ['http://localhost:4101', 'http://localhost', 'http://127.0.0.2:4100', 'http://0.0.0.0:4100']) {
      expect(allowedOrigin(allowed, origin), origin).toBeNull();
    }
    expect(allowed.fallback).toBe('http://localhost:4100');
  });

  it('include the HOST the store listens on, which is also where links lead by default', () => {
    const allowed = linkOrigins(configOf({ HOST: '192.168.1.20', PORT: '8080' }));
    expect(allowedOrigin(allowed, 'http://192.168.1.20:8080')).toBe('http://192.168.1.20:8080');
    expect(allowed.fallback).toBe('http://192.168.1.20:8080');
    expect(linkOrigins(configOf({ HOST: '::1', PORT: '8080' })).fallback).toBe('http://[::1]:8080');
  });

  it('include ALLOWED_HOSTS over http and https, a host without a port on the default ports only', () => {
    const allowed = linkOrigins(configOf({ ALLOWED_HOSTS: 'Shop.Example.com, shop.lan:8443' }));
    expect(allowedOrigin(allowed, 'https://shop.example.com')).toBe('https://shop.example.com');
    expect(allowedOrigin(allowed, 'http://shop.example.com:80')).toBe('http://shop.example.com');
    expect(allowedOrigin(allowed, 'https://shop.example.com:8443')).toBeNull();
    expect(allowedOrigin(allowed, 'https://shop.lan:8443')).toBe('https://shop.lan:8443');
    expect(allowedOrigin(allowed, 'http://sub.shop.example.com')).toBeNull();
  });

  it('include CORS_ORIGINS with their scheme', () => {
    const allowed = linkOrigins(configOf({ CORS_ORIGINS: 'https://admin.example.com' }));
    expect(allowedOrigin(allowed, 'https://admin.example.com')).toBe('https://admin.example.com');
    expect(allowedOrigin(allowed, 'http://admin.example.com')).toBeNull();
  });

  it('never take text that only starts like an allowed origin', () => {
    const allowed = linkOrigins(configOf({ ALLOWED_HOSTS: 'shop.example.com' }));
    for (const candidate of [
      'http://shop.example.com@evil.example',
      'http://evil.example#shop.example.com',
      'http://shop.example.com.evil.example',
      'http://shop.example.com/evil',
      'http://user:pass@shop.example.com',
      'javascript://shop.example.com',
      'http://undefined',
      'null',
      '',
    ]) {
      expect(allowedOrigin(allowed, candidate), candidate).toBeNull();
    }
  });

  it('refuses an ALLOWED_HOSTS entry that is not a host, naming it', () => {
    expect(() => configOf({ ALLOWED_HOSTS: 'https://shop.example.com' })).toThrow(
      /ALLOWED_HOSTS entries must be host names .*"https:\/\/shop\.example\.com"/,
    );
    expect(() => configOf({ ALLOWED_HOSTS: '*.example.com' })).toThrow(/ALLOWED_HOSTS/);
    expect(() => configOf({ ALLOWED_HOSTS: 'shop.example.com/path' })).toThrow(/ALLOWED_HOSTS/);
  });
});
