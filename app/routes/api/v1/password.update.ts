import { passwordUpdateSchema } from "~/lib/account-schemas";
import { passwordChangeAction } from "~/web/password-change-api.server";
import { describeRoute, newToken } from "~/web/openapi/operations";

// PUT /api/v1/password/update { oldPassword, password }: the specification's client's path and
// body for /password/change.
export const action = passwordChangeAction(passwordUpdateSchema);

export const openapi = describeRoute({
  path: "/password/update",
  method: "put",
  summary: "Change the caller's password (the original client's path and field names)",
  tag: "Accounts",
  access: "user",
  body: { schema: passwordUpdateSchema },
  ok: newToken,
});
