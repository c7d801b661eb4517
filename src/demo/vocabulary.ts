// A synthetic vocabulary for generated text: pronounceable words of 1-3 syllables, deterministic.
import { createRandom, randomInt } from './prng.ts'

const ONSETS = ['', 'b', 'c', 'd', 'f', 'g', 'h', 'j', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'z',
  'bl', 'br', 'cl', 'cr', 'dr', 'fl', 'fr', 'gl', 'gr', 'pl', 'pr', 'sl', 'sp', 'st', 'str', 'th', 'tr', 'sh', 'ch']
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou', 'ie', 'oa', 'y']
const CODAS = ['', '', 'n', 'r', 's', 't', 'l', 'm', 'rk', 'nd', 'st', 'ck', 'p', 'x']

// No onset or coda contains a "q", so injected needles such as "quokka" never occur by chance.

function syllable(random: () => number): string {
  return ONSETS[randomInt(random, 0, ONSETS.length - 1)] +
    VOWELS[randomInt(random, 0, VOWELS.length - 1)] +
    CODAS[randomInt(random, 0, CODAS.length - 1)]
}

/**
 * `size` distinct lowercase words, shortest first, so that a Zipf draw over the list
 * (rank 0 most frequent) makes short words the common ones, as in natural text.
 * `pinned` puts chosen words at chosen ranks (to control how often a search term matches).
 */
export function createVocabulary(size: number, seed: number, pinned: ReadonlyMap<number, string> = new Map()): string[] {
  const random = createRandom(seed)
  const words = new Set<string>(pinned.values())
  while (words.size < size) {
    const syllables = randomInt(random, 1, 3)
    let word = ''
    for (let i = 0; i < syllables; i++) word += syllable(random)
    if (word.length >= 3) words.add(word)
  }
  const pinnedWords = new Set(pinned.values())
  const ordered = [...words].filter((word) => !pinnedWords.has(word)).toSorted((x, y) => x.length - y.length)
  for (const [rank, word] of [...pinned].toSorted((x, y) => x[0] - y[0])) ordered.splice(rank, 0, word)
  return ordered
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}
