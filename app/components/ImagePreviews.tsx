import { useEffect, useState } from "react";
import { MAX_IMAGE_MEGAPIXELS } from "~/lib/image-limits";

/**
 * The product form's image input. The current images are shown (55x52) without JavaScript; once it
 * runs, the chosen files are previewed instead, as they will replace them.
 */
export function ImagePreviews({
  current,
  error,
  replaces,
}: {
  current: { id: string; url: string }[];
  error?: string;
  replaces: boolean;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => () => chosen.forEach((url) => URL.revokeObjectURL(url)), [chosen]);
  const shown = chosen.length ? chosen.map((url) => ({ id: url, url })) : current;
  return (
    <div className="mb-3">
      <label htmlFor="images" className="form-label">
        Images
      </label>
      <input
        id="images"
        name="images"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        className={`form-control${error ? " is-invalid" : ""}`}
        aria-describedby="images-help"
        onChange={(e) => setChosen([...(e.target.files ?? [])].map((file) => URL.createObjectURL(file)))}
      />
      <div id="images-help" className="form-text">
        JPEG, PNG or WebP, at most 10 MB and {MAX_IMAGE_MEGAPIXELS} megapixels each.
        {replaces ? " New images replace the current ones." : ""}
      </div>
      {error ? <div className="invalid-feedback d-block">{error}</div> : null}
      {shown.length ? (
        <div className="d-flex flex-wrap gap-2 mt-2" data-testid={chosen.length ? "chosen-images" : "current-images"}>
          {shown.map((image) => (
            <img
              key={image.id}
              src={image.url}
              alt="Product preview"
              width={55}
              height={52}
              className="border rounded object-fit-cover"
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
