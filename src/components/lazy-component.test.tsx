import { act, render, screen } from '@testing-library/react';
import {
  Component,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';
import type { RememberedModule } from './lazy-module';

/** Counts its mounts, and keeps a piece of state to show it was not remounted. */
function makeTarget() {
  const mounts = { count: 0 };
  function Target({ label }: { label: string }) {
    const [clicks, setClicks] = useState(0);
    useEffect(() => {
      mounts.count += 1;
    }, []);
    return (
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        {label} {clicks}
      </button>
    );
  }
  return { Target, mounts };
}

describe('lazyComponent', () => {
  it('renders a component whose code has arrived on the first render, without a fallback', () => {
    const { Target } = makeTarget();
    type Module = { Target: ComponentType<{ label: string }> };
    const module: RememberedModule<Module> = {
      load: () => Promise.resolve({ Target }),
      loaded: () => ({ Target }),
    };
    const Lazy = lazyComponent(module, (loaded) => loaded.Target);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy label="Ready" />
      </Suspense>,
    );
    // Synchronously, in the first commit: React.lazy would show the fallback here.
    expect(screen.getByRole('button', { name: 'Ready 0' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('suspends until the code arrives when it has not, then stays mounted once it is known', async () => {
    const { Target, mounts } = makeTarget();
    type Module = { Target: ComponentType<{ label: string }> };
    let loaded: Module | undefined;
    let finish: (module: Module) => void = () => undefined;
    const module: RememberedModule<Module> = {
      load: () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
      loaded: () => loaded,
    };
    const Lazy = lazyComponent(module, (arrived) => arrived.Target);
    const { rerender } = render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy label="First" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => {
      loaded = { Target };
      finish({ Target });
      await Promise.resolve();
    });
    const button = await screen.findByRole('button', { name: 'First 0' });
    act(() => button.click());
    // A later render, with the code now known as loaded, keeps the same mounted component.
    rerender(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy label="Second" />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'Second 1' })).toBeInTheDocument();
    expect(mounts.count).toBe(1);
  });

  it('tries the download again on the next mount after it failed, rather than failing for ever', async () => {
    const { Target } = makeTarget();
    type Module = { Target: ComponentType<{ label: string }> };
    let online = false;
    let loaded: Module | undefined;
    const module: RememberedModule<Module> = {
      load: () => {
        if (!online)
          return Promise.reject(new Error('Failed to fetch dynamically imported module'));
        loaded = { Target };
        return Promise.resolve(loaded);
      },
      loaded: () => loaded,
    };
    const Lazy = lazyComponent(module, (arrived) => arrived.Target);
    const page = (
      <Boundary>
        <Suspense fallback={<p>Loading</p>}>
          <Lazy label="Again" />
        </Suspense>
      </Boundary>
    );
    const first = render(page);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch');
    first.unmount();
    // Back online: going to the page again downloads it, with no reload.
    online = true;
    render(page);
    expect(await screen.findByRole('button', { name: 'Again 0' })).toBeInTheDocument();
  });
});

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}
