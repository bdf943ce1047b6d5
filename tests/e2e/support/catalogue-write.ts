/**
 * The tag of the tests that add products to the shared demo catalogue. Tests that read it whole
 * (the home page's newest cards, the spec's product counts, the last page's number) would see
 * those products, so playwright.config.ts runs the tagged tests in projects of their own, after
 * the others.
 */
export const CATALOGUE_WRITE = "@catalogue-write";
