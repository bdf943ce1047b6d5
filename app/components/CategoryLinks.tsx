import { Link } from "@remix-run/react";
import { useId } from "react";
import { CATEGORIES } from "~/lib/categories";
import { categoryHref } from "~/lib/category-href";

/**
 * A titled link to each category (every one unless told which), as tiles in a grid of two columns
 * on a phone, six on a wide screen.
 */
export function CategoryLinks({ title, categories = CATEGORIES }: { title: string; categories?: readonly string[] }) {
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId} className="my-4">
      <h2 id={headingId} className="h5 mb-3">
        {title}
      </h2>
      <ul className="row row-cols-2 row-cols-sm-3 row-cols-lg-6 g-2 list-unstyled mb-0">
        {categories.map((category) => (
          <li key={category} className="col">
            <Link to={categoryHref(category)} className="btn btn-outline-dark w-100 h-100">
              {category}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
