// @vitest-environment node
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-cycles';
import { describeViolations, layerViolations } from './import-layers';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('the project', () => {
  // The check itself, in `npm test`.
  it('keeps its layers: lib and components below the features, features apart, the app on top', () => {
    const graph = importGraph(join(ROOT, 'tsconfig.json'));
    // Not passing by reading nothing: the graph holds the project and its known edges.
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get(join(ROOT, 'src/features/overview/overview-count.ts'))).toContain(
      join(ROOT, 'src/lib/pool/pool-lane.ts'),
    );
    expect(describeViolations(layerViolations(graph, ROOT)), 'layering broken').toBe('');
  }, 30_000);
});

describe('layerViolations', () => {
  const root = '/repo';
  const graphOf = (edges: Record<string, string[]>) =>
    new Map(
      Object.entries(edges).map(([file, targets]) => [
        `${root}/${file}`,
        targets.map((target) => `${root}/${target}`),
      ]),
    );

  it('finds none where imports go down and features stay apart', () => {
    const graph = graphOf({
      'src/main.tsx': ['src/app/router.tsx'],
      'src/app/router.tsx': ['src/features/users/users-page.tsx', 'src/lib/format.ts'],
      'src/features/users/users-page.tsx': [
        'src/features/users/api/users-api.ts',
        'src/components/button.tsx',
        'src/lib/pool/request-pool.ts',
      ],
      'src/components/button.tsx': ['src/lib/format.ts'],
      'src/lib/pool/request-pool.ts': ['src/lib/sleep.ts'],
      'src/mocks/handlers/users.ts': ['src/features/users/api/users-api.ts'],
      'scripts/bench/find.ts': ['src/features/users/find/find-users.ts'],
    });
    expect(layerViolations(graph, root)).toEqual([]);
  });

  it('finds a feature importing another, lib or components importing up, and a feature importing the app', () => {
    const graph = graphOf({
      'src/features/overview/overview-count.ts': ['src/features/users/find/pool-lane.ts'],
      'src/lib/pool/pool-retry.ts': ['src/features/users/api/users-api.ts'],
      'src/components/data-table/data-table.tsx': ['src/app/shell.tsx'],
      'src/features/users/users-page.tsx': ['src/app/environment.ts'],
    });
    expect(layerViolations(graph, root)).toEqual([
      {
        from: 'src/components/data-table/data-table.tsx',
        to: 'src/app/shell.tsx',
        rule: 'src/components imports nothing from src/features or src/app',
      },
      {
        from: 'src/features/overview/overview-count.ts',
        to: 'src/features/users/find/pool-lane.ts',
        rule: 'a feature imports nothing from another feature or from src/app',
      },
      {
        from: 'src/features/users/users-page.tsx',
        to: 'src/app/environment.ts',
        rule: 'a feature imports nothing from another feature or from src/app',
      },
      {
        from: 'src/lib/pool/pool-retry.ts',
        to: 'src/features/users/api/users-api.ts',
        rule: 'src/lib imports nothing from src/features or src/app',
      },
    ]);
    expect(describeViolations(layerViolations(graph, root))).toContain(
      'src/features/overview/overview-count.ts → src/features/users/find/pool-lane.ts',
    );
  });
});
