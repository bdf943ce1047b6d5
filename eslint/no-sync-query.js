/**
 * Flags the synchronous query calls of Drizzle's SQLite builders and of better-sqlite3
 * (`.all()`, `.get()`, `.run()`, `.values()`, `.sync()`): outside app/db every query is awaited
 * (`await db.select()…`, `await stmt(q).execute()`), so the data layer can sit on an async engine.
 *
 * It asks the type checker where the called method is declared instead of matching names, so
 * `Map#get(key)`, `Map#values()`, Playwright's `locator.all()` and `Promise.all([…])` stay allowed.
 */
const SYNC_METHODS = new Set(["all", "get", "run", "values", "sync"]);
const SYNC_LIBRARIES = /[\\/]node_modules[\\/](drizzle-orm|better-sqlite3|@types[\\/]better-sqlite3)[\\/]/;
// An insert's `.values(rows)` names what to insert; it runs nothing.
const NOT_QUERIES = new Set(["SQLiteInsertBuilder"]);
const containerName = (declaration) => declaration.parent?.name?.getText?.();

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "Disallow synchronous SQLite query calls outside app/db" },
    schema: [],
    messages: {
      sync: "`.{{name}}()` runs the query synchronously on SQLite: await the builder (or a prepared statement's `.execute()`) instead.",
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program) return {};
    const checker = services.program.getTypeChecker();
    return {
      "CallExpression > MemberExpression.callee"(node) {
        if (node.property.type !== "Identifier" || !SYNC_METHODS.has(node.property.name)) return;
        const symbol = checker.getSymbolAtLocation(services.esTreeNodeToTSNodeMap.get(node.property));
        const declarations = symbol?.getDeclarations() ?? [];
        const sync = declarations.filter((d) => SYNC_LIBRARIES.test(d.getSourceFile().fileName));
        if (sync.length > 0 && !sync.every((d) => NOT_QUERIES.has(containerName(d)))) {
          context.report({ node: node.property, messageId: "sync", data: { name: node.property.name } });
        }
      },
    };
  },
};
