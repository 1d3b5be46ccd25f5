import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CopyButton } from './copy-button';
import { CopyIdButton } from './data-table/copy-id-button';

function liveRegions(): Element[] {
  return [...document.querySelectorAll('[aria-live]')];
}

describe('copy feedback', () => {
  it('goes through one live region for a page of fifty Copy ID buttons and the other copy buttons', async () => {
    const user = userEvent.setup();
    const ids = Array.from({ length: 50 }, (_, index) => `user_${index}`);
    render(
      <div>
        <ul>
          {ids.map((id) => (
            <li key={id}>
              <CopyIdButton id={id} />
            </li>
          ))}
        </ul>
        <CopyButton text="req_1" label="Copy request ID" />
      </div>,
    );
    expect(liveRegions()).toHaveLength(1);
    const [region] = liveRegions();
    expect(region).toBeEmptyDOMElement();

    await user.click(screen.getByRole('button', { name: 'Copy ID user_7' }));
    expect(await navigator.clipboard.readText()).toBe('user_7');
    expect(region).toHaveTextContent(/^Copied$/);

    await user.click(screen.getByRole('button', { name: 'Copy request ID' }));
    expect(await navigator.clipboard.readText()).toBe('req_1');
    expect(liveRegions()).toHaveLength(1);
    expect(within(region as HTMLElement).getByText('Copied')).toBeInTheDocument();
  });
});
