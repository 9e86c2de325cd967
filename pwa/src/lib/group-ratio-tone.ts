export type RatioTone = 'red' | 'orange' | 'blue' | 'green';

/** Group-ratio tag colour: above 5 red, above 3 orange, above 1 blue, otherwise green. */
export function groupRatioTone(ratio: number): RatioTone {
  if (ratio > 5) return 'red';
  if (ratio > 3) return 'orange';
  if (ratio > 1) return 'blue';
  return 'green';
}
