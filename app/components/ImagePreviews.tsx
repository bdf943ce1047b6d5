import { useEffect, useRef, useState } from "react";
import { useField } from "remix-validated-form";
import { MAX_IMAGE_MEGAPIXELS } from "~/lib/image-limits";
import { PICTURE_FIELDS, type KeptImage } from "~/lib/product-schema";

function Thumbnail({ url }: { url: string }) {
  return <img src={url} alt="Product preview" width={55} height={52} className="border rounded object-fit-cover" />;
}

/**
 * The product form's image input. The current images are shown (55x52) without JavaScript; once it
 * runs, the chosen files are previewed instead, as they will replace them. Pictures of a refused
 * submit (`kept`, stored by the server) are shown with a box to remove each, and sent again.
 */
export function ImagePreviews({
  current,
  kept = [],
  replaces,
}: {
  current: { id: string; url: string }[];
  kept?: KeptImage[];
  replaces: boolean;
}) {
  // The browser's check (how many) and the server's (each picture, the model's count) alike.
  const { error, validate } = useField(PICTURE_FIELDS.files);
  const [chosen, setChosen] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => chosen.forEach((url) => URL.revokeObjectURL(url)), [chosen]);
  // With JavaScript the form is sent without reloading: the files it sent are now kept pictures.
  useEffect(() => {
    if (kept.length === 0 || !input.current) return;
    input.current.value = "";
    setChosen([]);
  }, [kept]);
  const shown = chosen.length ? chosen.map((url) => ({ id: url, url })) : current;
  return (
    <div className="mb-3">
      <label htmlFor="images" className="form-label">
        Images
      </label>
      <input
        ref={input}
        id="images"
        name={PICTURE_FIELDS.files}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        className={`form-control${error ? " is-invalid" : ""}`}
        aria-describedby={error ? "images-help images-error" : "images-help"}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setChosen([...(e.target.files ?? [])].map((file) => URL.createObjectURL(file)));
          if (error) validate();
        }}
      />
      <div id="images-help" className="form-text">
        JPEG, PNG or WebP, at most 10 MB and {MAX_IMAGE_MEGAPIXELS} megapixels each.
        {replaces ? " New images replace the current ones." : ""}
      </div>
      {error ? (
        <div id="images-error" className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
      {kept.length ? (
        <fieldset className="mt-2" data-testid="kept-images">
          <legend className="form-text fs-6 mb-1">
            Pictures already sent, saved with the product unless removed
            {chosen.length ? " (the files chosen above are added)" : ""}:
          </legend>
          <div className="d-flex flex-wrap gap-3">
            {kept.map((image, index) => (
              <div key={image.url} className="form-check ps-0 text-center">
                <input type="hidden" name={PICTURE_FIELDS.kept} value={image.token} />
                <Thumbnail url={image.url} />
                <div>
                  <input
                    id={`remove-kept-${index}`}
                    type="checkbox"
                    name={PICTURE_FIELDS.remove}
                    value={image.url}
                    className="form-check-input float-none me-1"
                  />
                  <label htmlFor={`remove-kept-${index}`} className="form-check-label">
                    Remove picture {index + 1}
                  </label>
                </div>
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}
      {shown.length ? (
        <div className="d-flex flex-wrap gap-2 mt-2" data-testid={chosen.length ? "chosen-images" : "current-images"}>
          {shown.map((image) => (
            <Thumbnail key={image.id} url={image.url} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
