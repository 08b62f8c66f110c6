/**
 * Fits a text into `max` characters by removing its middle: the beginning (what the command announces) and the
 * end (errors, summaries) are what a reader needs most. The marker says how much went; the result never
 * exceeds `max` and never splits a character written as a surrogate pair.
 */
export function cutMiddle(text: string, max: number, marker: (omitted: number) => string): string {
  if (text.length <= max) return text;
  // The omitted count never has more digits than the whole length: reserve room for that marker.
  const room = Math.max(0, max - marker(text.length).length);
  let headLength = Math.ceil(room / 2);
  let tailStart = text.length - (room - headLength);
  if (headLength > 0 && isHighSurrogate(text.charCodeAt(headLength - 1))) headLength -= 1;
  if (tailStart < text.length && isLowSurrogate(text.charCodeAt(tailStart))) tailStart += 1;
  const result = text.slice(0, headLength) + marker(tailStart - headLength) + text.slice(tailStart);
  // A marker longer than `max` itself leaves nothing to show but a shortened marker.
  return result.length <= max ? result : result.slice(0, max);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
