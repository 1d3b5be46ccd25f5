import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TokenSummary } from './token-summary';

describe('TokenSummary', () => {
  it('marks bidi controls in the claims, which are whatever the issuer wrote', () => {
    render(
      <TokenSummary
        claims={{
          sub: 'user_\u202Egnp.exe',
          email: 'a\u2066@example.com',
          scope: ['users:read\u202D'],
          exp: 2_000_000_000,
        }}
        nowMs={1_900_000_000_000}
      />,
    );
    const summary = screen.getByRole('region', { name: 'What this token says' });
    expect(summary).toHaveTextContent('Subjectuser_[U+202E]gnp.exe');
    expect(summary).toHaveTextContent('E-maila[U+2066]@example.com');
    expect(summary).toHaveTextContent('Scopesusers:read[U+202D]');
    expect(summary.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });
});
