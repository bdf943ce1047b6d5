import bcrypt from "bcryptjs";

// bcryptjs: pure JavaScript, so it installs everywhere without a native build or a download.
const COST = 10;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
