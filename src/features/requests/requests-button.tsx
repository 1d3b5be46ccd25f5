import { useRef, useState, type ComponentType } from 'react';
import { Button } from '../../components/button';
import { lazyModule } from '../../components/lazy-module';
import type { RequestsPanelProps } from './requests-panel';

type PanelModule = { RequestsPanel: ComponentType<RequestsPanelProps> };

/** The panel's code is not on any page's first render: it loads on first use (or hover). */
const loadPanel = lazyModule<PanelModule>(() => import('./requests-panel'));

/**
 * The shell's **Requests** button: opens the Requests panel (a modal dialog) and takes focus back
 * when it closes.
 */
export function RequestsButton({ demo }: { demo: boolean }) {
  const [Panel, setPanel] = useState<PanelModule['RequestsPanel'] | null>(null);
  const [problem, setProblem] = useState('');
  const button = useRef<HTMLButtonElement>(null);

  async function open() {
    setProblem('');
    try {
      const { RequestsPanel } = await loadPanel();
      setPanel(() => RequestsPanel);
    } catch {
      setProblem('The Requests panel could not be loaded. Check the connection and try again.');
    }
  }

  return (
    <span className="inline-flex shrink-0 items-center gap-1">
      {/* A button that looks like one (bordered, like Sign out): it opens a panel. */}
      <Button
        ref={button}
        aria-haspopup="dialog"
        onClick={() => void open()}
        onPointerEnter={() => void loadPanel().catch(() => undefined)}
      >
        Requests
      </Button>
      <span aria-live="polite" className="text-xs text-red-800 dark:text-red-200">
        {problem}
      </span>
      {Panel && (
        <Panel
          demo={demo}
          onClose={() => {
            setPanel(null);
            button.current?.focus();
          }}
        />
      )}
    </span>
  );
}
