// The UTF-8 length of a text, counted without encoding it, must be what TextEncoder writes: an
// answer handed over as text says it as its content-length and is held to maxResponseBytes by it.
import { describe, expect, it } from "vitest";
import { utf8Length, utf8Over } from "../../../src/wrappers/http/utf8-length.js";

const encoded = (text: string) => new TextEncoder().encode(text).length;

describe("utf8Length", () => {
  it("counts what TextEncoder writes: one to four bytes a character, three for a lone surrogate", () => {
    const texts = ["", "abc", "é", "€", "😀", "a😀b", "\ud800", "\udc00", "\ud800x", "x\udc00\ud800", "\ud83d\ude00\ud83d", "日本語", JSON.stringify({ s: "\ud800é" })];
    expect(texts.map(utf8Length)).toEqual(texts.map(encoded));
    expect(texts.map(utf8Length)).toEqual([0, 3, 2, 3, 4, 6, 3, 3, 4, 7, 7, 9, 16]);
  });

  it("agrees with TextEncoder on random UTF-16 text, surrogates and all", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const texts = Array.from({ length: 500 }, () => String.fromCharCode(...Array.from({ length: 12 }, () => next() % 0x10000)));
    expect(texts.map(utf8Length)).toEqual(texts.map(encoded));
  });
});

describe("utf8Over", () => {
  it("compares the UTF-8 length with the limit, not the number of characters", () => {
    const text = "Größe 😀"; // 8 characters (the emoji is two units), 12 bytes
    expect([utf8Over(text, 11), utf8Over(text, 12), utf8Over(text, 40), utf8Over(text, 7)]).toEqual([true, false, false, true]);
  });
});
