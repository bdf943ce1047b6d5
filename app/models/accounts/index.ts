// The accounts domain's face (users, sessions, log-in, registration, passwords, e-mail proof, Google sign-in,
// the admin's users, the shop's setup): other domains and the outer layers import only this file; inside the
// domain, modules import each other.

export { registerAccount, updateProfileWithAvatar } from "./accounts.server";
export { deleteUserByAdmin, getUserForAdmin, listUsers, listUsersPage, updateUserByAdmin } from "./admin-users.server";
export {
  confirmEmail,
  EMAIL_CONFIRMED,
  emailProofLink,
  emailProofSentMessage,
  requestEmailProof,
} from "./email-proof.server";
export { verifyGoogleCredential } from "./google-id-token.server";
export { INVALID_LOGIN, loginWithGoogleCredential, loginWithPassword, type TrustedDevice } from "./login.server";
export {
  createResetToken,
  requestPasswordReset,
  resetPassword,
  resetRequestedMessage,
  resetTokenProblem,
} from "./password-reset.server";
export { hashPassword, verifyPassword } from "./password.server";
export {
  finishRegistration,
  registrationLink,
  registrationRequestedMessage,
  requestRegistration,
  sweepExpiredRegistrations,
} from "./registration.server";
export { createSession, endSession, findSession, listSessions, type SignedIn } from "./sessions.server";
export { completeSetup, isSetUp, isSetupToken, setupChecklist, setupUrl, startEmpty } from "./setup.server";
export {
  AccountError,
  changePassword,
  createUser,
  findOrCreateGoogleUser,
  getUserById,
  PASSWORD_UPDATED,
  updateProfile,
  type User,
  userJson,
} from "./users.server";
