import { Link } from "@remix-run/react";
import { useId } from "react";
import { categoryPath } from "~/lib/category-path";
import type { CategoryLink } from "~/lib/category-link";

/**
 * A titled link to each category, as tiles (with the category's picture when it has one) in a grid of
 * two columns on a phone, six on a wide screen.
 */
export function CategoryLinks({ title, categories }: { title: string; categories: readonly CategoryLink[] }) {
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId} className="my-4">
      <h2 id={headingId} className="h5 mb-3">
        {title}
      </h2>
      <ul className="row row-cols-2 row-cols-sm-3 row-cols-lg-6 g-2 list-unstyled mb-0">
        {categories.map((category) => (
          <li key={category.slug} className="col">
            <Link to={categoryPath(category.slug)} className="btn btn-outline-dark w-100 h-100 category-tile">
              {category.imageUrl ? (
                <img
                  src={category.imageUrl}
                  alt=""
                  width={96}
                  height={96}
                  loading="lazy"
                  className="d-block mx-auto mb-1"
                />
              ) : null}
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
