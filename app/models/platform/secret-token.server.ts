import crypto from "node:crypto";

// Secrets handed to a client (a reset link, a session cookie or bearer token): 256 random bits,
// stored only as their SHA-256, so that a copy of the database lets nobody in.

export const newSecret = () => crypto.randomBytes(32).toString("hex");

export const hashSecret = (secret: string) => crypto.createHash("sha256").update(secret).digest("hex");
