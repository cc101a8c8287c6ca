/**
 * The one rounding rule of performance figures: half away from zero, returns to 4 decimals ("0.0734" = 7.34 %),
 * amounts to 2, as the statements round (decision 005). Computation runs in doubles on amounts that are exact to the
 * cent; only what leaves the engine is rounded, once.
 */
export const RETURN_DECIMALS = 4;
export const AMOUNT_DECIMALS = 2;

export function roundHalfAway(value: number, decimals: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const factor = 10 ** decimals;
  // The epsilon nudges values such as 1.005 (stored as 1.00499999…) the way a person rounding the printed digits would.
  const scaled = Math.round(Math.abs(value) * factor * (1 + Number.EPSILON * 4));
  const text = (scaled / factor).toFixed(decimals);
  return value < 0 && scaled !== 0 ? `-${text}` : text;
}

export const roundReturn = (value: number): string => roundHalfAway(value, RETURN_DECIMALS);
export const roundAmount = (value: number): string => roundHalfAway(value, AMOUNT_DECIMALS);
