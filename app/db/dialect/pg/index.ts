// The PostgreSQL half of the dialect: the same names as the SQLite half (./sqlite), each doing on
// PostgreSQL what the SQLite one does there. Models call these through ../index.ts.
export * from "./sql";
export * from "./raw";
export * from "./search";
export { catalogueVersion, catchUpCatalogueVersion, followCatalogueVersion } from "./catalogue-version";
export * from "./rate-limits";
export * from "./maintenance";
export * from "./session-lock";
export * from "./reachability";
