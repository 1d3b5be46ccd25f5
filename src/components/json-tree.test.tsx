import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { JsonTree, MAX_TREE_DEPTH } from './json-tree';

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

describe('JsonTree', () => {
  it('draws a long array a hundred items at a time', async () => {
    const items = Array.from({ length: 200_000 }, (_, index) => index);
    const { container } = render(<JsonTree value={{ items }} label="account" />);
    expect(screen.getByText('[200,000 items]')).toBeInTheDocument();
    expect(container.querySelectorAll('.flex.gap-2').length).toBe(100);
    await userEvent.click(
      screen.getByRole('button', { name: 'Show 100 more (199,900 not shown)' }),
    );
    expect(container.querySelectorAll('.flex.gap-2').length).toBe(200);
  });

  it('stops at its depth limit and says so, rather than running out of stack', () => {
    render(<JsonTree value={nested(5_000)} label="account" />);
    expect(
      screen.getByText(`truncated: nested more than ${MAX_TREE_DEPTH} levels deep`),
    ).toBeInTheDocument();
    expect(screen.queryByText(/bottom/)).toBeNull();
  });

  it('cuts a long string, with Show more', async () => {
    render(<JsonTree value={{ name: 'x'.repeat(50_000) }} label="account" />);
    expect(
      screen.getByRole('button', { name: /Show more \(49,840 more characters\)/ }),
    ).toBeVisible();
  });
});
