import { customAlphabet } from "nanoid";

// Row ids: opaque, unguessable strings of the shape cuid2 gave them (24 characters, a lowercase
// letter then letters and digits, about 120 random bits), made from nanoid's pool of crypto
// randomness in about 2 µs, where cuid2's hashing took some 100–200 µs: several ids go into every
// order.
const firstCharacter = customAlphabet("abcdefghijklmnopqrstuvwxyz", 1);
const otherCharacters = customAlphabet("0123456789abcdefghijklmnopqrstuvwxyz", 23);

export const newId = (): string => firstCharacter() + otherCharacters();
