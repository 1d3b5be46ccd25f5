import { useEffect, useState } from 'react';

/** A module loaded once `wanted`; and what to say when it could not be. */
export function useModule<M>(
  load: () => Promise<M>,
  wanted: boolean,
  what: string,
): [M | null, string] {
  const [module, setModule] = useState<M | null>(null);
  const [problem, setProblem] = useState('');
  const want = wanted && module === null;
  useEffect(() => {
    if (!want) return;
    let live = true;
    load().then(
      (loaded) => {
        if (!live) return;
        setModule(loaded);
        setProblem('');
      },
      () => live && setProblem(`${what} could not be loaded. Try again.`),
    );
    return () => {
      live = false;
    };
  }, [want, load, what]);
  return [module, problem];
}
