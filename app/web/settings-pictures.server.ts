import { isTicked } from "~/lib/checkbox-field";
import type { SettingsPictures } from "~/models/settings";
import { singleImage } from "./multipart.server";

/** What the settings form and call keep of a multipart body: one logo, one hero picture. */
export const SETTINGS_FILES = { logo: 1, heroImage: 1 };

/** The pictures of the settings form or call: a new file (or data URL) for each, or a box ticked to remove it. */
export function settingsPictures(fields: {
  logo: unknown;
  logoRemove: unknown;
  heroImage: unknown;
  heroImageRemove: unknown;
}): SettingsPictures {
  return {
    logo: { upload: singleImage(fields.logo, "logo"), remove: isTicked(fields.logoRemove) },
    heroImage: { upload: singleImage(fields.heroImage, "heroImage"), remove: isTicked(fields.heroImageRemove) },
  };
}
