import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

// The original shop's login path; this shop's login page is /lgn (query kept, e.g. redirectTo).
export async function loader({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`/lgn${search}`, 301);
}
