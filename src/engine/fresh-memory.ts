// A large typed array's memory is mapped by the system page by page on first write (a page fault per
// 4 KB: a microsecond or so on bare metal, tens of microseconds in a virtual machine under load). A
// loop that writes a fresh array at random places faults on almost every write at first: 65,536
// random writes into a fresh 16 MB array map all its 4,096 pages in that one step (~80 ms in a VM).
// Touched in order first, a megabyte per step, the same cost is spread over steps of a few ms.

import type { Steps } from './steps.ts'

/** Bytes of a fresh array touched per step. */
export const TOUCH_BYTES = 1 << 20

type FreshArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array

/** The elements of `array` touched per step. */
function touchSlice(array: FreshArray): number {
  return Math.max(1, Math.floor(TOUCH_BYTES / array.BYTES_PER_ELEMENT))
}

/**
 * Writes zeros over a freshly allocated (all-zero) array in order, a megabyte per step; an array of
 * a megabyte or less is left as it is (its first writes cost little). Never for an array in use.
 */
export function* touchFresh(array: FreshArray): Steps<void> {
  if (array.byteLength <= TOUCH_BYTES) return
  const slice = touchSlice(array)
  for (let at = 0; at < array.length; at += slice) {
    array.fill(0, at, at + slice)
    yield
  }
}
