import { describe, expect, it } from 'vitest';
import { parseHttpUrl } from './http-url.ts';

describe('parseHttpUrl', () => {
  it('answers empty for an unset or blank value', () => {
    expect(parseHttpUrl('VITE_API_URL', undefined)).toBe('');
    expect(parseHttpUrl('VITE_API_URL', '  ')).toBe('');
  });

  it('keeps an absolute http(s) address without its trailing slash', () => {
    expect(parseHttpUrl('VITE_API_URL', 'https://api.example.com/')).toBe('https://api.example.com');
  });

  it('names the variable of a malformed or non-http value', () => {
    expect(() => parseHttpUrl('VITE_API_URL', 'api.example.com')).toThrow('VITE_API_URL must be an absolute http(s) address, got "api.example.com"');
    expect(() => parseHttpUrl('VITE_API_URL', 'ftp://x.example.com')).toThrow('VITE_API_URL must use http or https');
  });
});
