// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseUserIdInput } from './parse-user-id';

describe('parseUserIdInput', () => {
  it.each([
    ['user_abc123', 'user_abc123'],
    ['  user_abc123 \n', 'user_abc123'],
    ['https://console.example.com/users/user_abc123?tab=1', 'user_abc123'],
    ['https://api.example.com/v1/users/user_abc123', 'user_abc123'],
    ['/users/user_abc123', 'user_abc123'],
  ])('reads %j as %s', (input, id) => {
    expect(parseUserIdInput(input)).toEqual({ ok: true, id });
  });

  it.each([
    ['', /Enter a user ID/],
    ['   ', /Enter a user ID/],
    ['prod_abc', /is not a user ID/],
    ['user_', /is not a user ID/],
    ['user abc', /is not a user ID/],
    ['https://example.com/products/prod_1', /is not a user ID/],
  ])('refuses %j', (input, problem) => {
    const parsed = parseUserIdInput(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(problem);
  });
});
