/** Python `round(x, ndigits)` and `round(x)` on JS numbers (traces.md §0.8). */

function decompose(x: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (biased === 0) return { mantissa, exponent: -1074 };
  mantissa |= 1n << 52n;
  return { mantissa, exponent: biased - 1075 };
}

/**
 * `round(x, n)`: the double nearest to the exact decimal value of x rounded half-to-even at
 * n fractional digits. toFixed rounds exact ties away from zero, so the tie test is done on
 * the exact binary value instead.
 */
export function pyRound(x: number, ndigits: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const negative = x < 0;
  const { mantissa, exponent } = decompose(Math.abs(x));
  if (exponent >= 0) return x;
  const scaled = mantissa * 10n ** BigInt(ndigits);
  const denominator = 1n << BigInt(-exponent);
  let quotient = scaled / denominator;
  const twice = (scaled % denominator) * 2n;
  if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) quotient += 1n;
  const digits = quotient.toString().padStart(ndigits + 1, "0");
  const text = `${digits.slice(0, digits.length - ndigits)}.${digits.slice(digits.length - ndigits)}`;
  const result = Number(ndigits > 0 ? text : digits);
  return negative ? -result : result;
}

/** `round(x)`: the nearest integer, ties to even on the exact double; Python's errors for NaN and infinity. */
export function pyRoundInt(x: number): number {
  if (Number.isNaN(x)) throw new Error("cannot convert float NaN to integer");
  if (!Number.isFinite(x)) throw new RangeError("cannot convert float infinity to integer");
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff < 0.5) return floor;
  if (diff > 0.5) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}
