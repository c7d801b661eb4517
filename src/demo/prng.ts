// Deterministic pseudo-random numbers for generated demo data (sfc32: small, fast, good quality).

/** A source of uniform numbers in [0, 1). The same seed always yields the same sequence. */
export type Random = () => number

export function createRandom(seed: number): Random {
  let a = 0x9e3779b9
  let b = 0x243f6a88
  let c = 0xb7e15162
  let d = seed >>> 0
  const next = (): number => {
    a >>>= 0
    b >>>= 0
    c >>>= 0
    d >>>= 0
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return (t >>> 0) / 4294967296
  }
  // Mix the seed in so that nearby seeds give unrelated sequences.
  for (let i = 0; i < 15; i++) next()
  return next
}

/** An integer in [min, max], both inclusive. */
export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1))
}

/**
 * Draws ranks 0..n-1 with Zipf weights 1/(rank+1)^s: rank 0 is the most frequent.
 * Binary search over the cumulative weights keeps a draw at O(log n).
 */
export function createZipfSampler(n: number, s: number): (random: Random) => number {
  const cumulative = new Float64Array(n)
  let total = 0
  for (let rank = 0; rank < n; rank++) {
    total += 1 / Math.pow(rank + 1, s)
    cumulative[rank] = total
  }
  return (random) => {
    const target = random() * total
    let low = 0
    let high = n - 1
    while (low < high) {
      const mid = (low + high) >>> 1
      if (cumulative[mid] <= target) low = mid + 1
      else high = mid
    }
    return low
  }
}
