/** Things named in a sentence: "Tea", "Tea and Jam", "Tea, Jam and Bread" (activity entries, receipts of what a screen did). */
export function listWords(words: readonly string[]): string {
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : (words[0] ?? '');
}
