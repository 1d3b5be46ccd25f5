import { describe, expect, it } from 'vitest';
import { commandsFor } from './command-menu';

describe('commandsFor: switching APIs', () => {
  const others = [{ key: 'Staging', name: 'Staging' }];

  it('offers the other APIs, named, before Find takes the text', () => {
    const commands = commandsFor('switch', [], others);
    expect(commands[0]).toMatchObject({ label: 'Switch to API Staging', api: 'Staging' });
    expect(commands.map((command) => command.id)).toContain('find');
    expect(commandsFor('stag', [], others)[0]?.api).toBe('Staging');
  });

  it('offers none when the text names no API, or with a single API', () => {
    expect(commandsFor('grace', [], others).some((command) => command.api)).toBe(false);
    expect(commandsFor('switch', []).some((command) => command.api)).toBe(false);
  });
});
