// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isAllowedImageUrl } from './image-sources';

const SELF = 'https://console.example.com';

describe('isAllowedImageUrl', () => {
  it('allows the console’s own origin and what the sources name', () => {
    const sources = ['https://api.example.com', 'https:'];
    expect(isAllowedImageUrl(`${SELF}/demo-api/a.svg`, [], SELF)).toBe(true);
    expect(isAllowedImageUrl('https://api.example.com/a.png', sources, SELF)).toBe(true);
    expect(isAllowedImageUrl('https://cdn.example.com/a.png', sources, SELF)).toBe(true);
  });

  it('refuses http: unless a source names it', () => {
    expect(isAllowedImageUrl('http://avatars.example.com/a.png', ['https:'], SELF)).toBe(false);
    expect(isAllowedImageUrl('http://avatars.example.com/a.png', ['http:'], SELF)).toBe(true);
    expect(
      isAllowedImageUrl('http://avatars.example.com/a.png', ['http://avatars.example.com'], SELF),
    ).toBe(true);
  });

  it('refuses what is not a web address', () => {
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'not a url', '']) {
      expect(isAllowedImageUrl(url, ['https:', 'http:'], SELF)).toBe(false);
    }
  });

  it('matches origins exactly', () => {
    expect(
      isAllowedImageUrl(
        'https://api.example.com.evil.test/a.png',
        ['https://api.example.com'],
        SELF,
      ),
    ).toBe(false);
    expect(
      isAllowedImageUrl('https://api.example.com:8443/a.png', ['https://api.example.com'], SELF),
    ).toBe(false);
  });
});
