import type { InteractionFigures } from './interactions';
import type { LighthouseFigures } from './lighthouse';
import { median } from './pages';

/**
 * A comparison measures the two builds by turns, one run of a section each, so that whatever the
 * machine does meanwhile falls on both. These fold a build's single runs into one set of figures,
 * as one run of several repeats would have given them: medians.
 */

/** Round `round`'s order: before then after, then after then before, and so on. */
export function turns<T>(pair: readonly [T, T], round: number): T[] {
  return round % 2 === 0 ? [...pair] : [...pair].reverse();
}

const present = (values: (number | null)[]) =>
  values.filter((value): value is number => value !== null);
const middle = (values: (number | null)[]) => median(present(values));

/** Per page and preset, the median of each score and metric over the runs. */
export function combineLighthouse(runs: readonly LighthouseFigures[][]): LighthouseFigures[] {
  const groups = new Map<string, LighthouseFigures[]>();
  for (const entry of runs.flat()) {
    const key = `${entry.preset} ${entry.page}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.values()].map((entries) => {
    const first = entries[0] as LighthouseFigures;
    const measured = entries.filter((entry) => entry.error === undefined);
    const score = (pick: (entry: LighthouseFigures) => number | null) => {
      const value = middle(measured.map(pick));
      return value === null ? null : Math.round(value);
    };
    const indexes = present(measured.map((entry) => entry.benchmarkIndex));
    return {
      page: first.page,
      preset: first.preset,
      performance: score((entry) => entry.performance),
      accessibility: score((entry) => entry.accessibility),
      bestPractices: score((entry) => entry.bestPractices),
      lcpMs: middle(measured.map((entry) => entry.lcpMs)),
      tbtMs: middle(measured.map((entry) => entry.tbtMs)),
      cls: middle(measured.map((entry) => entry.cls)),
      benchmarkIndex: indexes.length === 0 ? null : Math.min(...indexes),
      cpuSlowdown: first.cpuSlowdown,
      failedAudits: [...new Set(measured.flatMap((entry) => entry.failedAudits))],
      warnings: [...new Set(entries.flatMap((entry) => entry.warnings))],
      ...(measured.length === 0 && { error: first.error }),
    };
  });
}

/** Per interaction and CPU rate, every run's timing together, and their median. */
export function combineInteractions(runs: readonly InteractionFigures[][]): InteractionFigures[] {
  const groups = new Map<string, InteractionFigures[]>();
  for (const entry of runs.flat()) {
    const key = `${entry.name} ${entry.cpuThrottling}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.values()].map((entries) => {
    const first = entries[0] as InteractionFigures;
    const runsMs = entries.flatMap((entry) => entry.runsMs);
    const note = entries.find((entry) => entry.note !== undefined)?.note;
    return {
      name: first.name,
      cpuThrottling: first.cpuThrottling,
      medianMs: median(runsMs),
      runsMs,
      ...(note !== undefined && { note }),
    };
  });
}
