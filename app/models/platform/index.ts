// The platform domain's face (what is not the shop's own business: the scheduled runs, errors kept for the
// owner, the health check, signed and secret tokens, rate limits, the catalogue's answer cache and its
// version): other domains and the outer layers import only this file; inside the domain, modules import each
// other.

export { afterTheAnswer } from "./after-answer.server";
export { catalogueCached, forgetCatalogueAnswers } from "./catalogue-cache.server";
export { catalogueVersion, catchUpCatalogueVersion } from "./catalogue-version.server";
export { databaseAnswers } from "./health.server";
export {
  DEVICE_FAILURES,
  limitApiRegistration,
  limitEmailProofRequest,
  limitOrderLookup,
  limitRegistrationRequest,
  limitResetRequest,
  limitStockAlertRequest,
  loginDelayMs,
  RateLimitError,
  startLoginAttempt,
  sweepRateLimits,
} from "./rate-limit.server";
export { takeTick, tickOf } from "./scheduled-runs.server";
export { hashSecret, newSecret } from "./secret-token.server";
export { logRequestError, logServerError, requestLostTheDatabase } from "./server-errors.server";
export { sign, verify } from "./signed-token.server";
