import { Button } from '../../../components/button';
import { ProgressBar } from '../../../components/progress-bar';
import { formatCount } from '../../../lib/format';
import type { FindProgress } from './find-types';

/**
 * A search reading the list page by page: its **Search progress** and **Cancel search**, as Find's
 * page and the side panel's card both show them (each lays them out with its own words around).
 */
export function FindScanProgress({
  scan,
  onCancel,
}: {
  scan: NonNullable<FindProgress['scan']>;
  onCancel: () => void;
}) {
  return (
    <>
      <ProgressBar
        label="Search progress"
        value={scan.rows}
        max={scan.total}
        valueText={
          scan.total === undefined
            ? 'Starting'
            : `${formatCount(scan.rows)} of ${formatCount(scan.total)} users read`
        }
      />
      <Button onClick={onCancel}>Cancel search</Button>
    </>
  );
}
