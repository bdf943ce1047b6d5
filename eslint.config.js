// ESLint checks what the type checker cannot: promises nobody awaits and the data layer's walls.
// Prettier owns the layout (eslint-config-prettier, last, turns off every stylistic rule). The
// direction of imports between layers is app/layers.nodb.test.ts's.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import noSyncQuery from "./eslint/no-sync-query.js";

const TS = ["**/*.ts", "**/*.tsx"];
const TESTS = ["**/*.test.{ts,tsx}", "tests/**"];

/** `no-restricted-imports` for a part of the code (one option set per file: later blocks replace, not merge). */
function restrictedImports({ sqlite = false, connections = false, otherShops = false, server = false }) {
  const paths = sqlite
    ? ["better-sqlite3", "drizzle-orm/sqlite-core", "drizzle-orm/better-sqlite3"].map((name) => ({
        name,
        message: "Only app/db talks to SQLite: use `db`/`tx` from ~/db/client.server and the dialect in ~/db/dialect.",
      }))
    : [];
  const patterns = [];
  if (connections) {
    patterns.push({
      group: ["~/db/client.server", "**/db/client.server", "~/db/connection.server", "**/db/connection.server"],
      importNames: ["writer", "openDatabase"],
      message: "Writes go through commitTogether's `tx`; reads through `db`.",
    });
  }
  if (otherShops) {
    patterns.push({
      group: ["~/db/shop-file.server", "**/db/shop-file.server"],
      message:
        "The shop reads and writes its own database through `db` and commitTogether; opening another's is for tests and the bench.",
    });
  }
  if (server) {
    patterns.push({
      group: ["**/server/**"],
      message: "server/ is the HTTP edge on top of the app: nothing in app/ imports it.",
    });
  }
  return { "no-restricted-imports": ["error", { paths, patterns }] };
}

export default tseslint.config(
  {
    ignores: [
      "build/",
      "dist/",
      "data/",
      "public/",
      "test-results/",
      "playwright-report/",
      "blob-report/",
      "**/.cache/",
      "drizzle/meta/",
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: TS,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { shop: { rules: { "no-sync-query": noSyncQuery } } },
    rules: {
      // The data layer is async: a model call nobody awaits must fail the lint.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // A variable a callback may read before its one assignment (a timer set after the render starts) stays `let`.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    // Only app/db talks to SQLite: everywhere else queries are awaited drizzle builders on `db`/`tx`.
    files: TS,
    ignores: ["app/db/**"],
    rules: {
      ...restrictedImports({ sqlite: true, connections: true }),
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='$client']",
          message: "`$client` is the raw better-sqlite3 handle: only app/db may use it.",
        },
      ],
      "shop/no-sync-query": "error",
    },
  },
  // Tests may open a database of their own (openDatabase) or look through the writer.
  { files: TESTS, ignores: ["app/db/**"], rules: restrictedImports({ sqlite: true }) },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/db/**", ...TESTS],
    rules: restrictedImports({ sqlite: true, connections: true, otherShops: true, server: true }),
  },
  {
    files: ["app/**/*.test.{ts,tsx}"],
    ignores: ["app/db/**"],
    rules: restrictedImports({ sqlite: true, server: true }),
  },
  { files: ["app/db/**/*.ts"], rules: restrictedImports({ server: true }) },
  {
    // Plain JavaScript (configs, sandbox and container scripts) is outside the TypeScript project.
    files: ["**/*.{js,mjs,cjs}"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Stand-ins for outside services and the specs that read their loose JSON (JSON-LD, Stripe's
    // objects): `any` says what it is there. Stripe.js's stand-in keeps its constructors' `self`.
    files: ["sandbox/**", "tests/e2e/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-this-alias": "off" },
  },
  prettier,
);
