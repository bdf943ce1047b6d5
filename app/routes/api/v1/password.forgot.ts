// POST /api/v1/password/forgot { email }: the specification's client's name for /password/reset.
export { action } from "./password.reset";
