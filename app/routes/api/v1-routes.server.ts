import type { ApiRouteModule } from "~/web/openapi/document.server";

/**
 * Every /api/v1 route module by its file name: the OpenAPI document is made of the operations each
 * declares in its `openapi` export, so a new route describes itself in its own file.
 */
export const apiRouteModules = () =>
  import.meta.glob<ApiRouteModule>(["./v1/*.ts", "!./v1/*.test.ts"], { eager: true });
