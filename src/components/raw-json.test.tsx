import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatJson } from '../lib/json-text';
import { RawJson } from './raw-json';

describe('RawJson', () => {
  it('marks bidi controls in the answer it prints', () => {
    render(<RawJson json={formatJson({ name: 'Admin \u202Egnp.exe' })} />);
    const region = screen.getByRole('region', { name: 'Raw JSON' });
    expect(region).toHaveTextContent('"name": "Admin [U+202E]gnp.exe"');
    expect(region.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });
});
