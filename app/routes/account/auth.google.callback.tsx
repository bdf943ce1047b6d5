import type { LoaderFunctionArgs } from "@remix-run/node";
import { AuthorizationError } from "remix-auth";
import { config } from "~/config.server";
import { redirectWithError } from "~/web/toast.server";
import { authenticator, signInAndRedirect } from "~/web/auth.server";
import { notFound } from "~/web/errors.server";

// Google sends the browser back here with a code: remix-auth checks the state, exchanges the code
// and reads the profile; the account is found, linked or created, and signed in.
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!config.google) throw notFound("Google sign-in is not configured on this shop.");
  try {
    const user = await authenticator.authenticate("google", request);
    return signInAndRedirect(request, context.clientIp, user, "/");
  } catch (error) {
    if (error instanceof AuthorizationError) {
      console.warn("Google sign-in failed:", error.message);
      return redirectWithError("/lgn", "Google sign-in did not succeed. Please try again.");
    }
    throw error;
  }
}
