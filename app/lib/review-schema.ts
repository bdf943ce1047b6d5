import { z } from "zod";

export const reviewSchema = z.object({
  rating: z.coerce
    .number({ required_error: "Please choose a rating", invalid_type_error: "Please choose a rating" })
    .int("Please choose a rating from 1 to 5")
    .min(1, "Please choose a rating from 1 to 5")
    .max(5, "Please choose a rating from 1 to 5"),
  comment: z
    .string({ required_error: "Please write a comment" })
    .trim()
    .min(1, "Please write a comment")
    .max(2000, "The comment can be at most 2000 characters"),
});
