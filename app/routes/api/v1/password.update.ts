import { passwordUpdateSchema } from "~/lib/account-schemas";
import { passwordChangeAction } from "~/web/password-change-api.server";

// PUT /api/v1/password/update { oldPassword, password }: the specification's client's path and
// body for /password/change.
export const action = passwordChangeAction(passwordUpdateSchema);
