import { z } from "zod";
import { checkbox } from "./checkbox-field";
import { ROLES } from "./roles";

// Field rules for every account form and call; the messages follow the original API's where it had them.
export const PASSWORD_MIN = 8;
// bcrypt reads at most 72 bytes of a password; longer ones would be silently cut.
const PASSWORD_MAX_BYTES = 72;

const name = z
  .string({ required_error: "Please enter your name" })
  .trim()
  .min(1, "Please enter your name")
  .max(30, "Your name cannot exceed 30 characters");

export const email = z
  .string({ required_error: "Please enter your email" })
  .trim()
  .min(1, "Please enter your email")
  .max(254, "Please enter valid email address")
  .email("Please enter valid email address")
  .transform((value) => value.toLowerCase());

const newPassword = (label: string) =>
  z
    .string({ required_error: `Please enter ${label}` })
    .min(PASSWORD_MIN, `Your password must be at least ${PASSWORD_MIN} characters`)
    .refine(
      (value) => new TextEncoder().encode(value).length <= PASSWORD_MAX_BYTES,
      `Your password cannot be longer than ${PASSWORD_MAX_BYTES} bytes`,
    );

export const loginSchema = z.object({
  email: z.string({ required_error: "Please enter email & password" }).trim().min(1, "Please enter email & password"),
  password: z.string({ required_error: "Please enter email & password" }).min(1, "Please enter email & password"),
});

export const registerSchema = z.object({ name, email, password: newPassword("a password") });

export const profileSchema = z.object({
  name,
  email,
  // Left out: as it was (the API); the form always sends it (an unticked box: false).
  cartReminders: checkbox.optional().describe("`true`: e-mail me a reminder of a cart I leave"),
});

export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ required_error: "Please enter your current password" })
      .min(1, "Please enter your current password"),
    newPassword: newPassword("a new password"),
    confirmNewPassword: z.string({ required_error: "Please confirm the new password" }),
    logoutOtherDevices: checkbox,
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    message: "Passwords do not match",
    path: ["confirmNewPassword"],
  });

/** The specification's client's PUT /password/update { oldPassword, password }, read as ours. */
export const passwordUpdateSchema = z
  .object({
    oldPassword: z.string({ required_error: "Please enter your current password" }),
    password: z.string({ required_error: "Please enter a new password" }),
  })
  .transform((v) => ({
    currentPassword: v.oldPassword,
    newPassword: v.password,
    confirmNewPassword: v.password,
    logoutOtherDevices: false,
  }))
  .pipe(passwordChangeSchema);

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    password: newPassword("a new password"),
    confirmPassword: z.string({ required_error: "Please confirm the new password" }),
    logoutOtherDevices: checkbox,
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });

export const adminUserSchema = z.object({
  name,
  email,
  role: z.enum(ROLES, { errorMap: () => ({ message: "Role must be user or admin" }) }),
});
