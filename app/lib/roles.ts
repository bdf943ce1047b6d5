/** The roles an account can have: shoppers are "user", administrators "admin". */
export const ADMIN_ROLE = "admin";
export const ROLES = ["user", ADMIN_ROLE] as const;
export type Role = (typeof ROLES)[number];

/** Whether this account (or nobody) may use the admin area and see every order. */
export function isAdmin(user: { role: string } | null | undefined): boolean {
  return user?.role === ADMIN_ROLE;
}
