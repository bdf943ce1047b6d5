import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { fragmentStore } from "./fragment-store.server";

describe("fragmentStore", () => {
  it("renders once per data object, name and URL", () => {
    let renders = 0;
    const data = {};
    const render = () => createElement("p", null, `render ${++renders}`);
    expect(fragmentStore(data, "list", "/a", render)).toBe("<p>render 1</p>");
    expect(fragmentStore(data, "list", "/a", render)).toBe("<p>render 1</p>");
    expect(fragmentStore(data, "list", "/b", render)).toBe("<p>render 2</p>");
    expect(fragmentStore({}, "list", "/a", render)).toBe("<p>render 3</p>");
  });

  it("renders again the least recently used fragments once they hold over 16 MB", () => {
    // Twenty live objects, one page each: kept while they lived, before there was a bound.
    const objects = Array.from({ length: 21 }, () => ({}));
    let renders = 0;
    const big = () => createElement("p", null, `${++renders} ${"x".repeat(1_000_000)}`);
    const first = fragmentStore(objects[0], "big", "/", big);
    for (let i = 1; i <= 20; i++) fragmentStore(objects[i], "big", "/", big);
    expect(fragmentStore(objects[20], "big", "/", big)).toContain("21 x");
    expect(fragmentStore(objects[0], "big", "/", big)).not.toBe(first);
  });
});
