import { useEffect, useState } from "react";
import { MAX_IMAGE_MEGAPIXELS } from "~/lib/image-limits";

type Props = {
  name: string;
  label: string;
  /** The picture now, or null when there is none. */
  currentUrl: string | null;
  error?: string;
  /** Offers a "Remove" box when there is a picture to remove. */
  removable?: boolean;
  round?: boolean;
};

/**
 * A picture's file input. The current picture is shown; once JavaScript runs, choosing a file
 * previews it before upload.
 */
export function PictureField({ name, label, currentUrl, error, removable = false, round = false }: Props) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = preview ?? currentUrl;
  return (
    <div className="mb-3">
      <label htmlFor={name} className="form-label">
        {label}
      </label>
      <div className="d-flex align-items-center gap-3">
        {shown ? (
          <img
            src={shown}
            alt={`${label} preview`}
            width={56}
            height={56}
            className={`${round ? "rounded-circle object-fit-cover" : "rounded object-fit-contain"} border`}
            data-testid={`${name}-preview`}
          />
        ) : null}
        <div className="flex-grow-1">
          <input
            id={name}
            name={name}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className={`form-control${error ? " is-invalid" : ""}`}
            aria-describedby={`${name}-help`}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              setPreview(file ? URL.createObjectURL(file) : null);
            }}
          />
          <div id={`${name}-help`} className="form-text">
            JPEG, PNG or WebP, at most 10 MB and {MAX_IMAGE_MEGAPIXELS} megapixels.
          </div>
          {error ? <div className="invalid-feedback d-block">{error}</div> : null}
          {removable && currentUrl ? (
            <div className="form-check mt-1">
              <input
                className="form-check-input"
                type="checkbox"
                id={`${name}-remove`}
                name={`${name}Remove`}
                value="on"
              />
              <label className="form-check-label" htmlFor={`${name}-remove`}>
                Remove the {label.toLowerCase()}
              </label>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The avatar's picture field (register, profile). */
export function AvatarField({ currentUrl, error }: { currentUrl: string; error?: string }) {
  return <PictureField name="avatar" label="Avatar" currentUrl={currentUrl} error={error} round />;
}
