import { aliasAt } from "~/web/openapi/operations";
import { openapi as reset } from "./password.reset";

// POST /api/v1/password/forgot { email }: the specification's client's name for /password/reset.
export { action } from "./password.reset";

export const openapi = aliasAt("/password/forgot", reset);
