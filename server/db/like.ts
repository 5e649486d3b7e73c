/** Text for a LIKE / ILIKE pattern, its wildcards (% and _) and backslashes taken literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
