import { describe, expect, it } from "vitest";
import { BoundedCache, boundedMemo } from "@/lib/platform/bounded-memo";

describe("BoundedCache", () => {
  it("keeps keys in use and drops the ones not asked for over two generations", () => {
    const cache = new BoundedCache<number, string>(2);
    cache.set(1, "one");
    cache.set(2, "two");
    cache.set(3, "three"); // 1 and 2 become the old generation
    expect(cache.get(1)).toBe("one"); // promoted back into the young one
    cache.set(4, "four"); // young {3, 1} is full: it ages, 2 is dropped
    expect(cache.get(2)).toBeUndefined();
    expect([cache.get(1), cache.get(3), cache.get(4)]).toEqual(["one", "three", "four"]);
  });

  it("memoizes within the bound: a key is computed again only after it was dropped", () => {
    const calls: number[] = [];
    const square = boundedMemo((n: number) => {
      calls.push(n);
      return n * n;
    }, 2);
    expect([square(3), square(3), square(4), square(3)]).toEqual([9, 9, 16, 9]);
    expect(calls).toEqual([3, 4]);
    for (const n of [5, 6, 7, 8]) square(n);
    expect(square(3)).toBe(9);
    expect(calls).toEqual([3, 4, 5, 6, 7, 8, 3]);
  });
});
