/** How the benchmark writes a duration: one decimal under 10 s, whole seconds above. */
export function seconds(ms: number): string {
  return ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 1000).toFixed(1)} s`;
}
