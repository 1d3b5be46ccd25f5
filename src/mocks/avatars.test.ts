// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedImageUrl } from '../lib/image-sources.ts';
import { avatarSvg, servedAvatarUrl } from './avatars.ts';
import { HOSTILE_USER, LONG_TEXT_USER } from './data.ts';
import { mintDemoToken } from './jwt.ts';
import { createTestServer } from './node.ts';
import { fetchApi } from './test-support.ts';

const { server, api } = createTestServer({ users: 20, products: 1 });
let token: string;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  token = await mintDemoToken('valid');
});
afterAll(() => server.close());

describe('generated avatars', () => {
  it('points a generated avatar at the mock under the request base, and leaves others alone', () => {
    expect(
      servedAvatarUrl('https://avatars.example.com/user_a.png', 'https://c.test/demo-api'),
    ).toBe('https://c.test/demo-api/__demo/avatars/user_a.svg');
    expect(servedAvatarUrl('http://avatars.example.com/user_b.png', 'https://c.test')).toBe(
      'https://c.test/__demo/avatars/user_b.svg',
    );
    expect(servedAvatarUrl('javascript:alert(1)', 'https://c.test')).toBe('javascript:alert(1)');
    expect(servedAvatarUrl('https://cdn.example.net/a.png', 'https://c.test')).toBe(
      'https://cdn.example.net/a.png',
    );
  });

  it('returns served avatar URLs from the user lookup, and serves the image without auth', async () => {
    const user = api.db.users
      .toArray()
      .find((candidate) => !candidate.id.startsWith('user_hostile'))!;
    const response = await fetchApi(`/v1/users/${user.id}`, token);
    const { data } = (await response.json()) as { data: { profile: { avatar_url: string } } };
    expect(data.profile.avatar_url).toBe(`https://api.test/__demo/avatars/${user.id}.svg`);

    const image = await fetch(data.profile.avatar_url);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(await image.text()).toContain('<svg');
  });

  it('serves the plain-http avatar of the long-text user too, so the demo shows no “not shown” note', async () => {
    const response = await fetchApi(`/v1/users/${LONG_TEXT_USER.id}`, token);
    const { data } = (await response.json()) as { data: { profile: { avatar_url: string } } };
    expect(data.profile.avatar_url).toBe(
      `https://api.test/__demo/avatars/${LONG_TEXT_USER.id}.svg`,
    );
    expect(isAllowedImageUrl(data.profile.avatar_url, ['https:'], 'https://console.test')).toBe(
      true,
    );
  });

  it('keeps the hostile user’s javascript: avatar as it is', async () => {
    const response = await fetchApi(`/v1/users/${HOSTILE_USER.id}`, token);
    const { data } = (await response.json()) as { data: { profile: { avatar_url: string } } };
    expect(data.profile.avatar_url).toBe(HOSTILE_USER.profile.avatar_url);
  });

  it('escapes a hostile name in the SVG', () => {
    const svg = avatarSvg('user_x', '<Mallory> "&" Eve');
    expect(svg).not.toMatch(/<Mallory|"&"/);
    expect(svg).toContain('>ME</text>');
  });

  it('answers 404 for an unknown user', async () => {
    expect((await fetch('https://api.test/__demo/avatars/user_nobody.svg')).status).toBe(404);
  });
});
