import { passwordChangeSchema } from "~/lib/account-schemas";
import { passwordChangeAction } from "~/web/password-change-api.server";

// PUT /api/v1/password/change { currentPassword, newPassword, confirmNewPassword, logoutOtherDevices }
export const action = passwordChangeAction(passwordChangeSchema);
