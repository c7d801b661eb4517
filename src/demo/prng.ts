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
 * A draw costs O(1) on average.
 */
export function createZipfSampler(n: number, s: number): (random: Random) => number {
  const cumulative = new Float64Array(n)
  let total = 0
  for (let rank = 0; rank < n; rank++) {
    total += 1 / Math.pow(rank + 1, s)
    cumulative[rank] = total
  }
  // A guide table: for each of `buckets` equal slices of [0, total), the first rank that can fall
  // in it, so a draw scans a rank or two instead of a full binary search.
  const buckets = Math.max(1, n * 4)
  const guide = new Int32Array(buckets)
  for (let bucket = 0, rank = 0; bucket < buckets; bucket++) {
    const start = (bucket / buckets) * total
    while (rank < n - 1 && cumulative[rank] <= start) rank++
    guide[bucket] = rank
  }
  return (random) => {
    const target = random() * total
    let rank = guide[Math.min(buckets - 1, Math.floor((target / total) * buckets))]
    while (rank < n - 1 && cumulative[rank] <= target) rank++
    return rank
  }
}
