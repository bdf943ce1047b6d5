import { withZod } from "@remix-validated-form/with-zod";
import {
  adminUserSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordChangeSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from "./account-schemas";

// One validator per form, used by the browser (when JavaScript runs) and by the action alike.
export const loginValidator = withZod(loginSchema);
export const registerValidator = withZod(registerSchema);
export const profileValidator = withZod(profileSchema);
export const passwordChangeValidator = withZod(passwordChangeSchema);
export const forgotPasswordValidator = withZod(forgotPasswordSchema);
export const resetPasswordValidator = withZod(resetPasswordSchema);
export const adminUserValidator = withZod(adminUserSchema);
