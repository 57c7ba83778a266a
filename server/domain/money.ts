// Money is integer piastres inside the server; EGP numbers with at most two
// decimals at the edge (JSON).

export type Piastres = number;

export function toEgp(piastres: Piastres): number {
  return Math.round(piastres) / 100;
}

export function fromEgp(egp: number): Piastres {
  return Math.round(egp * 100);
}

/** numerator / denominator rounded half up, for non-negative integers. */
export function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}
