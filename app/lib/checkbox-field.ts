import { z } from "zod";

/** A yes/no field: true for a JSON `true`, a ticked checkbox ("on") or the string "true"; false otherwise. */
export const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());
