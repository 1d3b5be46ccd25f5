import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { clientMemory, forgetClientMemory } from './client-memory';

describe('client memory', () => {
  it('keeps one value per client, made on first use', () => {
    const memory = clientMemory(() => new Map<string, number>());
    const [a, b] = [new QueryClient(), new QueryClient()];
    memory(a).set('x', 1);
    expect(memory(a).get('x')).toBe(1);
    expect(memory(b).get('x')).toBeUndefined();
  });

  it('forgets every memory of that client, and that client’s only, telling each', () => {
    const stop = vi.fn();
    const first = clientMemory(() => ({ running: true }), stop);
    const second = clientMemory(() => new Set<string>());
    const [a, b] = [new QueryClient(), new QueryClient()];
    const running = first(a);
    second(a).add('ada');
    second(b).add('grace');
    forgetClientMemory(a);
    // Forgotten once: a second sign-out has nothing left to tell.
    forgetClientMemory(a);
    expect(stop).toHaveBeenCalledExactlyOnceWith(running);
    expect(first(a)).not.toBe(running);
    expect(second(a).size).toBe(0);
    expect(second(b).has('grace')).toBe(true);
  });
});
