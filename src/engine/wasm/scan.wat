;; The engine's substring scan kernel (WebAssembly + SIMD128). Source of scan-kernel.generated.ts:
;; regenerate with `npm run build:wasm` after editing.
;;
;; matchRecords finds the records of a chunk whose lowercase UTF-8 bytes contain a needle.
;; Memory (imported, one per table) holds each chunk's record starts (i32 addresses, one per record
;; plus one: record r spans [starts[r], starts[r + 1] - 1), a 0x01 byte follows every field but the
;; chunk's last) and its bytes. Filter (after Wojciech Mula's "SIMD-friendly algorithms for substring
;; searching"): compare 64 bytes at a time against the needle's two rarest bytes (at offsets $i and $j
;; inside the needle), then verify each surviving candidate byte by byte. After a hit the scan jumps to
;; the next record, so each matching record is reported once, in ascending order.
;; matchListed checks a given list of records the same way (for filter candidates).
;; The caller keeps at least 64 readable bytes after a chunk's last byte: blocks read past the end,
;; candidates there are ignored.
(module
  (import "env" "memory" (memory 1))
  (global $touched (mut i32) (i32.const 0))

  ;; Whether the $len bytes at $at equal the needle's.
  (func $equals (param $at i32) (param $needle i32) (param $len i32) (result i32)
    (local $k i32)
    (block $differ
      (loop $next
        (if (i32.ge_u (local.get $k) (local.get $len)) (then (return (i32.const 1))))
        (br_if $differ
          (i32.ne
            (i32.load8_u (i32.add (local.get $at) (local.get $k)))
            (i32.load8_u (i32.add (local.get $needle) (local.get $k)))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $next)))
    (i32.const 0))

  ;; Writes the local numbers of the matching records of [$first, $end) to $out (at most $cap of them,
  ;; ascending) and returns how many were written. Resume with $first = last written + 1.
  (func (export "matchRecords")
    (param $starts i32) (param $first i32) (param $end i32)
    (param $needle i32) (param $len i32) (param $i i32) (param $j i32)
    (param $out i32) (param $cap i32)
    (result i32)
    (local $r i32) (local $p i32) (local $pi i32) (local $pj i32) (local $stop i32) (local $last i32) (local $n i32) (local $s i32)
    (local $vi v128) (local $vj v128) (local $e0 v128) (local $e1 v128) (local $e2 v128) (local $e3 v128)
    (local $mask i64) (local $d i32) (local $ahead i32) (local $touched i32)
    (if (i32.ge_u (local.get $first) (local.get $end)) (then (return (i32.const 0))))
    (if (i32.eqz (local.get $cap)) (then (return (i32.const 0))))
    (local.set $r (local.get $first))
    (local.set $p (i32.load (i32.add (local.get $starts) (i32.shl (local.get $first) (i32.const 2)))))
    (local.set $stop (i32.sub (i32.load (i32.add (local.get $starts) (i32.shl (local.get $end) (i32.const 2)))) (i32.const 1)))
    ;; no room for the needle at all (also keeps $last from wrapping around)
    (if (i32.lt_u (local.get $stop) (i32.add (local.get $p) (local.get $len))) (then (return (i32.const 0))))
    (local.set $last (i32.sub (local.get $stop) (local.get $len)))
    (local.set $vi (i8x16.splat (i32.load8_u (i32.add (local.get $needle) (local.get $i)))))
    (local.set $vj (i8x16.splat (i32.load8_u (i32.add (local.get $needle) (local.get $j)))))
    (local.set $d (i32.sub (local.get $j) (local.get $i)))
    (block $done
      (loop $scan
        ;; the hot loop: 64 bytes a turn until a block has a candidate, nothing else (no calls, no spills)
        (block $candidate
          (loop $fast
            (br_if $done (i32.gt_u (local.get $p) (local.get $last)))
            (local.set $pi (i32.add (local.get $p) (local.get $i)))
            (local.set $pj (i32.add (local.get $pi) (local.get $d)))
            ;; touch the byte 8 KB ahead (if inside the chunk): WebAssembly has no prefetch, and
            ;; without it the scan waited on memory (~40 -> ~33 ms over 272 MB; the hardware prefetcher
            ;; alone kept too few lines in flight)
            (local.set $ahead (i32.add (local.get $p) (i32.const 8192)))
            (local.set $touched
              (i32.or (local.get $touched)
                (i32.load8_u (select (local.get $ahead) (local.get $p) (i32.lt_u (local.get $ahead) (local.get $stop))))))
            (local.set $e0
              (v128.and
                (i8x16.eq (v128.load (local.get $pi)) (local.get $vi))
                (i8x16.eq (v128.load (local.get $pj)) (local.get $vj))))
            (local.set $e1
              (v128.and
                (i8x16.eq (v128.load offset=16 (local.get $pi)) (local.get $vi))
                (i8x16.eq (v128.load offset=16 (local.get $pj)) (local.get $vj))))
            (local.set $e2
              (v128.and
                (i8x16.eq (v128.load offset=32 (local.get $pi)) (local.get $vi))
                (i8x16.eq (v128.load offset=32 (local.get $pj)) (local.get $vj))))
            (local.set $e3
              (v128.and
                (i8x16.eq (v128.load offset=48 (local.get $pi)) (local.get $vi))
                (i8x16.eq (v128.load offset=48 (local.get $pj)) (local.get $vj))))
            (br_if $candidate (v128.any_true (v128.or (v128.or (local.get $e0) (local.get $e1)) (v128.or (local.get $e2) (local.get $e3)))))
            (local.set $p (i32.add (local.get $p) (i32.const 64)))
            (br $fast)))
        (local.set $mask
          (i64.or
            (i64.or
              (i64.extend_i32_u (i8x16.bitmask (local.get $e0)))
              (i64.shl (i64.extend_i32_u (i8x16.bitmask (local.get $e1))) (i64.const 16)))
            (i64.or
              (i64.shl (i64.extend_i32_u (i8x16.bitmask (local.get $e2))) (i64.const 32))
              (i64.shl (i64.extend_i32_u (i8x16.bitmask (local.get $e3))) (i64.const 48)))))
        (loop $bits
          (if (i64.eqz (local.get $mask))
            (then
              (local.set $p (i32.add (local.get $p) (i32.const 64)))
              (br $scan)))
          (local.set $s (i32.add (local.get $p) (i32.wrap_i64 (i64.ctz (local.get $mask)))))
          (br_if $done (i32.gt_u (local.get $s) (local.get $last)))
          (if (call $equals (local.get $s) (local.get $needle) (local.get $len))
            (then
              ;; the record holding the hit: starts only grow, so walk forward
              (block $found
                (loop $walk
                  (br_if $found
                    (i32.gt_u
                      (i32.load (i32.add (local.get $starts) (i32.shl (i32.add (local.get $r) (i32.const 1)) (i32.const 2))))
                      (local.get $s)))
                  (local.set $r (i32.add (local.get $r) (i32.const 1)))
                  (br $walk)))
              (i32.store (i32.add (local.get $out) (i32.shl (local.get $n) (i32.const 2))) (local.get $r))
              (local.set $n (i32.add (local.get $n) (i32.const 1)))
              (br_if $done (i32.ge_u (local.get $n) (local.get $cap)))
              (local.set $r (i32.add (local.get $r) (i32.const 1)))
              (br_if $done (i32.ge_u (local.get $r) (local.get $end)))
              (local.set $p (i32.load (i32.add (local.get $starts) (i32.shl (local.get $r) (i32.const 2)))))
              (br $scan)))
          (local.set $mask (i64.and (local.get $mask) (i64.sub (local.get $mask) (i64.const 1))))
          (br $bits))))
    ;; the touched bytes go somewhere observable, or the compiler could drop the touching loads
    (global.set $touched (local.get $touched))
    (local.get $n))
;; Keeps, of the $count local record numbers at $list (ascending or not), those whose record
  ;; contains the needle: they are written back to the front of $list, in order, and their number is
  ;; returned. Checking a batch of candidates in one call saves a JS -> WebAssembly call per record.
  (func (export "matchListed")
    (param $starts i32) (param $list i32) (param $count i32)
    (param $needle i32) (param $len i32) (param $i i32) (param $j i32)
    (result i32)
    (local $k i32) (local $r i32) (local $p i32) (local $pi i32) (local $pj i32) (local $last i32) (local $n i32) (local $s i32)
    (local $vi v128) (local $vj v128)
    (local $mask i64)
    (local.set $vi (i8x16.splat (i32.load8_u (i32.add (local.get $needle) (local.get $i)))))
    (local.set $vj (i8x16.splat (i32.load8_u (i32.add (local.get $needle) (local.get $j)))))
    (block $all
      (loop $record
        (br_if $all (i32.ge_u (local.get $k) (local.get $count)))
        (local.set $r (i32.load (i32.add (local.get $list) (i32.shl (local.get $k) (i32.const 2)))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (local.set $p (i32.load (i32.add (local.get $starts) (i32.shl (local.get $r) (i32.const 2)))))
        ;; the record spans [p, starts[r + 1] - 1): a hit may start at most at $last
        (local.set $last
          (i32.sub
            (i32.load (i32.add (local.get $starts) (i32.shl (i32.add (local.get $r) (i32.const 1)) (i32.const 2))))
            (i32.add (local.get $len) (i32.const 1))))
        (block $miss
          (loop $scan
            (br_if $miss (i32.gt_s (local.get $p) (local.get $last)))
            (local.set $pi (i32.add (local.get $p) (local.get $i)))
            (local.set $pj (i32.add (local.get $p) (local.get $j)))
            (local.set $mask
              (i64.or
                (i64.or
                  (i64.extend_i32_u (i8x16.bitmask (v128.and
                    (i8x16.eq (v128.load (local.get $pi)) (local.get $vi))
                    (i8x16.eq (v128.load (local.get $pj)) (local.get $vj)))))
                  (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.and
                    (i8x16.eq (v128.load offset=16 (local.get $pi)) (local.get $vi))
                    (i8x16.eq (v128.load offset=16 (local.get $pj)) (local.get $vj))))) (i64.const 16)))
                (i64.or
                  (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.and
                    (i8x16.eq (v128.load offset=32 (local.get $pi)) (local.get $vi))
                    (i8x16.eq (v128.load offset=32 (local.get $pj)) (local.get $vj))))) (i64.const 32))
                  (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.and
                    (i8x16.eq (v128.load offset=48 (local.get $pi)) (local.get $vi))
                    (i8x16.eq (v128.load offset=48 (local.get $pj)) (local.get $vj))))) (i64.const 48)))))
            (loop $bits
              (if (i64.eqz (local.get $mask))
                (then
                  (local.set $p (i32.add (local.get $p) (i32.const 64)))
                  (br $scan)))
              (local.set $s (i32.add (local.get $p) (i32.wrap_i64 (i64.ctz (local.get $mask)))))
              (br_if $miss (i32.gt_s (local.get $s) (local.get $last)))
              (if (call $equals (local.get $s) (local.get $needle) (local.get $len))
                (then
                  (i32.store (i32.add (local.get $list) (i32.shl (local.get $n) (i32.const 2))) (local.get $r))
                  (local.set $n (i32.add (local.get $n) (i32.const 1)))
                  (br $record)))
              (local.set $mask (i64.and (local.get $mask) (i64.sub (local.get $mask) (i64.const 1))))
              (br $bits))))
        (br $record)))
    (local.get $n))

  ;; Lowercases the ASCII letters of [$p, $end) in place, 16 bytes at a time (the last block may
  ;; run up to 15 bytes past $end: the caller keeps padding there).
  (func (export "lowerAscii") (param $p i32) (param $end i32)
    (local $v v128)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $v (v128.load (local.get $p)))
        ;; letters: byte - 'A' < 26 (unsigned); add 0x20 to them
        (v128.store (local.get $p)
          (v128.or (local.get $v)
            (v128.and
              (i8x16.lt_u (i8x16.sub (local.get $v) (i8x16.splat (i32.const 65))) (i8x16.splat (i32.const 26)))
              (i8x16.splat (i32.const 32)))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $next))))
)
