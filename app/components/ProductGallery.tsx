import { useEffect, useRef } from "react";

type Props = {
  name: string;
  images: { id: string; url: string }[];
  active: number;
  /** The page's other parameters, kept by the links (the variant chosen): "variant=…&". */
  linkQuery?: string;
};

const CAROUSEL_ID = "product-images";

/**
 * Bootstrap carousel (5000 ms auto-advance, pauses on hover, 40 px swipe: Bootstrap's defaults)
 * once JavaScript runs. Without JavaScript every control is a link to `?image=N`, which the server
 * renders with that image showing, so all images stay reachable.
 */
export function ProductGallery({ name, images, active, linkQuery = "" }: Props) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // One picture has nothing to slide to: no carousel code to download.
    if (images.length < 2) return;
    let disposed = false;
    let instance: { dispose(): void } | undefined;
    void import("bootstrap/js/dist/carousel").then(({ default: Carousel }) => {
      if (disposed || !ref.current) return;
      instance = Carousel.getOrCreateInstance(ref.current, {
        interval: 5000,
        pause: "hover",
        ride: "carousel",
        touch: true,
      });
    });
    return () => {
      disposed = true;
      instance?.dispose();
    };
  }, [images]);

  if (images.length === 0) return null;
  const count = images.length;
  const current = Math.min(Math.max(active, 0), count - 1);
  const target = `#${CAROUSEL_ID}`;
  return (
    <div>
      <div
        id={CAROUSEL_ID}
        ref={ref}
        className="carousel slide carousel-dark border rounded"
        aria-label={`Images of ${name}`}
      >
        <div className="carousel-inner">
          {images.map((image, i) => (
            <div key={image.id} className={`carousel-item${i === current ? " active" : ""}`}>
              <img
                src={image.url}
                alt={`${name}, ${i + 1} of ${count}`}
                className="d-block w-100"
                width={800}
                height={600}
              />
            </div>
          ))}
        </div>
        {count > 1 ? (
          <>
            <a
              className="carousel-control-prev"
              href={`?${linkQuery}image=${(current - 1 + count) % count}`}
              data-bs-target={target}
              data-bs-slide="prev"
            >
              <span className="carousel-control-prev-icon" aria-hidden="true" />
              <span className="visually-hidden">Previous image</span>
            </a>
            <a
              className="carousel-control-next"
              href={`?${linkQuery}image=${(current + 1) % count}`}
              data-bs-target={target}
              data-bs-slide="next"
            >
              <span className="carousel-control-next-icon" aria-hidden="true" />
              <span className="visually-hidden">Next image</span>
            </a>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className="product-thumbs d-flex flex-wrap gap-2 mt-2">
          {images.map((image, i) => (
            <a
              key={image.id}
              href={`?${linkQuery}image=${i}`}
              data-bs-target={target}
              data-bs-slide-to={i}
              aria-current={i === current ? "true" : undefined}
              aria-label={`Show image ${i + 1}`}
            >
              <img src={image.url} alt="" width={64} height={48} loading="lazy" />
            </a>
          ))}
        </div>
      ) : null}
    </div>
  );
}
