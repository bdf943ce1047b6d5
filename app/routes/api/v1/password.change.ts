import { passwordChangeSchema } from "~/lib/account-schemas";
import { passwordChangeAction } from "~/web/password-change-api.server";
import { describeRoute, newToken } from "~/web/openapi/operations";

// PUT /api/v1/password/change { currentPassword, newPassword, confirmNewPassword, logoutOtherDevices }
export const action = passwordChangeAction(passwordChangeSchema);

export const openapi = describeRoute({
  path: "/password/change",
  method: "put",
  summary: "Change the caller's password",
  tag: "Accounts",
  access: "user",
  body: { schema: passwordChangeSchema },
  ok: newToken,
});
