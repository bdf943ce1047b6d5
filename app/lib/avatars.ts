/** Shown where a user has no avatar: in the profile pages, and (smaller) in the navbar. */
export const DEFAULT_AVATAR_URL = "/images/default_avatar.jpg";
export const NAVBAR_AVATAR_URL = "/images/profile.png";
