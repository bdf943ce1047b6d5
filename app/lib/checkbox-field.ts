import { z } from "zod";

/** Whether a yes/no value is yes: a JSON `true`, a ticked checkbox ("on") or the string "true". */
export const isTicked = (value: unknown) => value === true || value === "on" || value === "true";

/** A yes/no field: true for a JSON `true`, a ticked checkbox ("on") or the string "true"; false otherwise. */
export const checkbox = z.preprocess(isTicked, z.boolean());
