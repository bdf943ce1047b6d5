import { passwordUpdateSchema } from "~/lib/account-schemas";
import { passwordChangeAction } from "./password.change";

// PUT /api/v1/password/update { oldPassword, password }: the specification's client's name for
// /password/change.
export const action = passwordChangeAction(passwordUpdateSchema);
