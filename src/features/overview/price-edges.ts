/**
 * The edges of the overview's price ranges as exact decimals: a whole number of units of
 * 10^-decimals, kept as a BigInt, so an edge is sent and linked exactly as chosen (0.3, never
 * 0.30000000000000004) at any magnitude, and the range below an edge ends one unit under it.
 * Pure: price-bins.ts decides which edges to count.
 */

export function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** Units as plain decimal text without trailing zeros: 1999 units of 0.01 are "19.99". */
export function unitText(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/**
 * A round step, 1, 2 or 5 × 10^n units, that cuts `width` into about `parts` (d3-array's
 * tickStep, in whole units): never below one unit, the finest price the catalogue has.
 */
export function roundStep(width: bigint, parts: number): bigint {
  const raw = Number(width) / parts;
  const power = Math.floor(Math.log10(raw));
  if (power < 0) return 1n;
  const error = raw / 10 ** power;
  const factor =
    error >= Math.sqrt(50) ? 10n : error >= Math.sqrt(10) ? 5n : error >= Math.SQRT2 ? 2n : 1n;
  return factor * pow10(power);
}

/** How a range is cut: a decade [10^n, 10^(n+1)) at 2 and 5 × 10^n, any other in round steps. */
export type SpanKind = 'decade' | 'linear';

/**
 * Where the range [low, high) is cut to see more of its prices, in increasing order: a decade at
 * its 2 and 5, another range at the multiples of a round step about a fifth of its width. None
 * for a range one unit wide, which holds one price.
 */
export function splitPoints(low: bigint, high: bigint, kind: SpanKind): bigint[] {
  if (high - low <= 1n) return [];
  if (kind === 'decade') return [2n * low, 5n * low];
  const step = roundStep(high - low, 5);
  const points: bigint[] = [];
  for (let point = (low / step + 1n) * step; point < high; point += step) points.push(point);
  return points;
}
