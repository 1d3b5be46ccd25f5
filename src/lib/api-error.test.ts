// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  isApiError,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  redactUrl,
  statusText,
} from './api-error';

describe('statusText', () => {
  it.each([
    [0, 'Network error'],
    [400, 'Invalid parameters'],
    [401, 'Authentication required'],
    [403, 'Permission denied'],
    [404, 'Not found'],
    [429, 'Rate limit exceeded'],
    [500, 'Server error'],
    [502, 'Bad gateway'],
    [503, 'Service unavailable'],
    [418, 'HTTP 418'],
  ])('%i → %s', (status, text) => {
    expect(statusText(status)).toBe(text);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it.each([
    [null, undefined],
    ['', undefined],
    ['soon', undefined],
    ['-5', undefined],
    ['0', 0],
    ['7', 7000],
    [' 12 ', 12_000],
    ['Wed, 01 Jan 2025 00:00:30 GMT', 30_000],
    ['Tue, 31 Dec 2024 23:59:00 GMT', 0],
    ['86400', MAX_RETRY_AFTER_MS],
    ['Thu, 02 Jan 2025 00:00:00 GMT', MAX_RETRY_AFTER_MS],
  ])('%j → %j', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe('redactUrl', () => {
  it('removes secret-looking query parameters and keeps the rest', () => {
    const url =
      'https://api.example.com/v1/users?page=2&token=t1&Access_Token=t2&api-key=k&X-Amz-Signature=s&password=p&client_secret=c&sort=name';
    expect(redactUrl(url)).toBe('https://api.example.com/v1/users?page=2&sort=name');
  });

  it('removes credentials and fragments', () => {
    expect(redactUrl('https://me:pw@api.example.com/v1/users#token=x')).toBe(
      'https://api.example.com/v1/users',
    );
  });

  it('leaves a clean URL as it is', () => {
    const url = 'https://api.example.com/v1/products?category=Home+%26+Garden&page=1';
    expect(redactUrl(url)).toBe(url);
  });

  it('drops the whole query of something that is not a URL', () => {
    expect(redactUrl('/v1/users?token=abc')).toBe('/v1/users');
  });
});

describe('ApiError', () => {
  it('reads as a sentence built from the status and the server message', () => {
    const error = new ApiError({
      kind: 'http',
      status: 404,
      code: 'not_found',
      serverMessage: 'No such user',
      requestId: 'req_1',
      method: 'GET',
      url: 'https://api.example.com/v1/users/user_x?key=secret',
    });
    expect(error.message).toBe('Not found (HTTP 404): No such user.');
    expect(error.url).toBe('https://api.example.com/v1/users/user_x');
    expect(error.name).toBe('ApiError');
    expect(isApiError(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
  });

  it.each([
    ['Try again later on our side.', 'Server error (HTTP 500): Try again later on our side.'],
    ['Really?', 'Server error (HTTP 500): Really?'],
    ['Wait…  ', 'Server error (HTTP 500): Wait…'],
    ['No dot', 'Server error (HTTP 500): No dot.'],
  ])('ends the sentence once when the server message %j already may', (serverMessage, message) => {
    const error = new ApiError({
      kind: 'http',
      status: 500,
      serverMessage,
      method: 'GET',
      url: 'x',
    });
    expect(error.message).toBe(message);
    expect(error.message).not.toMatch(/\.\.$/);
  });

  it('is one try by default, with its request id', () => {
    const error = new ApiError({
      kind: 'http',
      status: 503,
      requestId: 'req_1',
      method: 'GET',
      url: 'x',
      receivedAt: 5,
    });
    expect(error.tries).toEqual([{ requestId: 'req_1', status: 503, startedAt: 5 }]);
  });

  it('is told apart from other errors', () => {
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ kind: 'http', status: 500 })).toBe(false);
  });
});
