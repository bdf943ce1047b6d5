import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

// Target of the navbar's GET search form: blank text goes home, anything else to /search/{keyword}.
export async function loader({ request }: LoaderFunctionArgs) {
  const keyword = new URL(request.url).searchParams.get("keyword")?.trim() ?? "";
  if (!keyword) return redirect("/");
  return redirect(`/search/${encodeURIComponent(keyword)}`);
}
