import { useEffect, useState } from "react";
import { MAX_IMAGE_MEGAPIXELS } from "~/lib/image-limits";

type Props = { currentUrl: string; error?: string };

/**
 * The avatar file input. The current avatar is always shown; once JavaScript runs, choosing a file
 * previews it before upload.
 */
export function AvatarField({ currentUrl, error }: Props) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return (
    <div className="mb-3">
      <label htmlFor="avatar" className="form-label">
        Avatar
      </label>
      <div className="d-flex align-items-center gap-3">
        <img
          src={preview ?? currentUrl}
          alt="Avatar preview"
          width={56}
          height={56}
          className="rounded-circle object-fit-cover border"
          data-testid="avatar-preview"
        />
        <div className="flex-grow-1">
          <input
            id="avatar"
            name="avatar"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className={`form-control${error ? " is-invalid" : ""}`}
            aria-describedby="avatar-help"
            onChange={(e) => {
              const file = e.target.files?.[0];
              setPreview(file ? URL.createObjectURL(file) : null);
            }}
          />
          <div id="avatar-help" className="form-text">
            JPEG, PNG or WebP, at most 10 MB and {MAX_IMAGE_MEGAPIXELS} megapixels.
          </div>
          {error ? <div className="invalid-feedback d-block">{error}</div> : null}
        </div>
      </div>
    </div>
  );
}
