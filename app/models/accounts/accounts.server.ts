import { limitApiRegistration } from "~/models/platform";
import { deleteImage, saveImage, type ImageUpload } from "~/models/uploads";
import { assertEmailAvailable, createUser, updateProfile, type User } from "./users.server";

// Account writes that involve an avatar file: the file is stored only once the e-mail is known
// to be free, and removed again when the write fails.

/**
 * Creates a password account (the API's registration), with its avatar stored only once the e-mail
 * is known to be free. Its 409 for a known address is the one answer that tells who has an account
 * (the specification's client shows it), so every try counts against the client's IP (429 past it).
 */
export async function registerAccount(input: {
  name: string;
  email: string;
  password: string;
  avatar: ImageUpload | null;
  ip: string;
}): Promise<User> {
  await limitApiRegistration(input.ip);
  await assertEmailAvailable(input.email);
  const avatarUrl = input.avatar ? await saveImage(input.avatar, "avatars") : null;
  try {
    return await createUser({ name: input.name, email: input.email, password: input.password, avatarUrl });
  } catch (error) {
    await deleteImage(avatarUrl);
    throw error;
  }
}

/**
 * Name, e-mail and (optionally) a new avatar; the old avatar file goes once the new one is saved.
 * A new e-mail ends every session but the caller's (`currentSessionId`): see updateProfile.
 */
export async function updateProfileWithAvatar(
  user: User,
  input: { name: string; email: string; avatar: ImageUpload | null; cartReminders?: boolean },
  currentSessionId: string,
): Promise<User> {
  await assertEmailAvailable(input.email, user.id);
  const avatarUrl = input.avatar ? await saveImage(input.avatar, "avatars") : undefined;
  try {
    const updated = await updateProfile(
      user.id,
      { name: input.name, email: input.email, avatarUrl, cartReminders: input.cartReminders },
      currentSessionId,
    );
    if (avatarUrl) await deleteImage(user.avatarUrl);
    return updated;
  } catch (error) {
    await deleteImage(avatarUrl);
    throw error;
  }
}
