import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExportPanel } from './export-panel';

describe('ExportPanel', () => {
  it('says what a reader of the file should know once it is written (the users’ times are UTC)', () => {
    const done = {
      kind: 'done',
      rows: 3,
      firstTotal: 3,
      lastTotal: 3,
      fileName: 'users-2026-01-01.csv',
    } as const;
    render(
      <ExportPanel
        phase={done}
        noun="users"
        note="Its created_at times are UTC (ISO 8601)."
        onCancel={() => {}}
        onRetry={() => {}}
      />,
    );
    expect(
      screen.getByText(
        'Exported 3 users to users-2026-01-01.csv. Its created_at times are UTC (ISO 8601).',
      ),
    ).toBeVisible();
  });
});
